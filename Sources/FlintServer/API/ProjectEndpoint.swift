import FirestoreModel
import FlintKit

/// `GET /api/project`: what the page shows before any call: `{"directory", "database",
/// "rules": {"path", "text", "version"} | null, "storage": [{"path", "text", "version"}] (the
/// Cloud Storage rules files), "data": {...} | null, "indexes": {...} | null, "suites": [path]}`,
/// each file's text as it is on disk now, with the fingerprint `/api/project/version` gives while
/// the file stays so.
enum ProjectEndpoint {
  static func answer(project: ServedProject) throws(APIProblem) -> APIResponse {
    func file(_ path: String?) throws(APIProblem) -> JSONValue {
      guard let path, FileKind.isFile(path) else { return .null }
      let bytes = try project.read(path)
      return .object([
        ("path", .string(path)), ("text", .string(String(decoding: bytes, as: UTF8.self))),
        ("version", .string(ProjectVersionEndpoint.fingerprint(bytes))),
      ])
    }
    var storage: [JSONValue] = []
    for path in project.storageRules where path != project.rules {
      let shown = try file(path)
      if shown != .null { storage.append(shown) }
    }
    return .ok(
      JSONValue.object([
        ("directory", .string(project.directory)),
        ("database", .string(project.database)),
        ("rules", try file(project.rules)),
        ("storage", .array(storage)),
        ("data", try file(project.data)),
        ("indexes", try file(project.indexes)),
        ("suites", .array(project.suites.map(JSONValue.string))),
      ]))
  }
}
