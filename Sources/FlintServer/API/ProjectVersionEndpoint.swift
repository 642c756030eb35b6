import FirestoreModel
import FlintKit

/// `GET /api/project/version`: a short fingerprint of each of the project's files as it is on disk
/// now, `{"rules": "…" | null, "data": "…" | null, "indexes": "…" | null, "files": {path: "…" |
/// null}}` (`files`: every rules file, Firestore's and Cloud Storage's; null: no such file),
/// the same as `/api/project` gives with each file's text. The page asks about once a second and
/// reloads the rules when theirs changed, so it follows edits made in another editor. The
/// fingerprint is of the whole content (never the modification date, which a quick save or a
/// checkout can leave unchanged).
enum ProjectVersionEndpoint {
  static func answer(project: ServedProject) throws(APIProblem) -> APIResponse {
    func version(_ path: String?) throws(APIProblem) -> JSONValue {
      guard let path, FileKind.isFile(path) else { return .null }
      return .string(fingerprint(try project.read(path)))
    }
    var files: [(String, JSONValue)] = []
    for path in project.rulesFiles { files.append((path, try version(path))) }
    return .ok(
      JSONValue.object([
        ("rules", try version(project.rules)), ("data", try version(project.data)),
        ("indexes", try version(project.indexes)), ("files", .object(files)),
      ]))
  }

  /// The content's length and 64-bit FNV-1a hash, in hex: cheap, and an edit that keeps both
  /// is out of reach of anything but a deliberate collision.
  static func fingerprint(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    return String(bytes.count, radix: 16) + "-" + String(hash, radix: 16)
  }
}
