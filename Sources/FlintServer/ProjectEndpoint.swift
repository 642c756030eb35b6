import FirestoreModel
import FlintKit

/// `GET /api/project`: what the page shows before any call: `{"directory", "database",
/// "rules": {"path", "text"} | null, "data": {...} | null, "indexes": {...} | null,
/// "suites": [path]}`, each file's text as it is on disk now.
enum ProjectEndpoint {
  static func answer(project: ServedProject) throws(APIProblem) -> APIResponse {
    func file(_ path: String?) throws(APIProblem) -> JSONValue {
      guard let path, FileKind.isFile(path) else { return .null }
      let text = String(decoding: try project.read(path), as: UTF8.self)
      return .object([("path", .string(path)), ("text", .string(text))])
    }
    return .ok(
      JSONValue.object([
        ("directory", .string(project.directory)),
        ("database", .string(project.database)),
        ("rules", try file(project.rules)),
        ("data", try file(project.data)),
        ("indexes", try file(project.indexes)),
        ("suites", .array(project.suites.map(JSONValue.string))),
      ]))
  }
}
