import FirestoreModel
import FlintKit

/// `POST /api/document`: `{"path": "clubs/poetry", "time": RFC 3339?}` → the seed document at the
/// path, as requests and queries read it from the project's data file (`ServedProject.store`,
/// server timestamps at `time`): `{"path", "file": data file | null, "exists": bool, "data":
/// tagged JSON | null}`. The request panel shows it and starts an update's or set's data from it.
/// Read-only.
enum DocumentEndpoint {
  static func answer(_ body: APIBody, project: ServedProject) throws(APIProblem) -> APIResponse {
    try body.allowOnly(["path", "time"])
    let pathText = try body.string("path")
    guard let path = PlaygroundInput.documentPath(pathText) else {
      throw .invalid("'\(pathText)' is not a document path (collection/id, an even number of segments)")
    }
    let time = try RequestInputs.time(body)
    let document = try project.store(time: time).document(at: path)
    return .ok(
      JSONValue.object([
        ("path", .string(path.description)),
        ("file", project.data.map(JSONValue.string) ?? .null),
        ("exists", .bool(document != nil)),
        ("data", document.map { .object(TaggedJSONEncoder.encode(fields: $0.fields)) } ?? .null),
      ]))
  }
}
