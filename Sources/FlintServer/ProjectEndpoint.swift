import FirestoreModel
import FlintKit

/// `GET /api/project`: what the page shows before any call: `{"directory", "database",
/// "rules": {"path", "text"} | null, "storage": [{"path", "text"}] (the Cloud Storage rules
/// files), "data": {...} | null, "indexes": {...} | null,
/// "suites": [path]}`, each file's text as it is on disk now.
enum ProjectEndpoint {
  static func answer(project: ServedProject) throws(APIProblem) -> APIResponse {
    func file(_ path: String?) throws(APIProblem) -> JSONValue {
      guard let path, FileKind.isFile(path) else { return .null }
      let text = String(decoding: try project.read(path), as: UTF8.self)
      return .object([("path", .string(path)), ("text", .string(text))])
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
