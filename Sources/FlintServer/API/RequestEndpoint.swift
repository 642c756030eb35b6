import FirestoreModel
import FlintKit
import RulesEngine

/// `POST /api/request`: one single-document request as an app sends it, decided by the
/// evaluator on the project's seed data (`QueryPlayground`, as `flint query get PATH` decides it):
/// `{"method": "get"|"create"|"update"|"set"|"delete", "path": "users/alice", "auth": null |
/// {"uid", "token"}, "data": {...}?, "time": RFC 3339?, "rules": text?, "documents": {...}?}` (the
/// stored documents, `RequestDocuments`; default the seed data) → `flint query
/// --format json`'s report, whose `rules.explanation.allows` give each allow's line and, for a
/// denial, the failing sub-expression's `failure` range.
enum RequestEndpoint {
  static func answer(_ body: APIBody, project: ServedProject) throws(APIProblem) -> APIResponse {
    try body.allowOnly(["method", "path", "auth", "data", "time", "rules", "documents"])
    let word = try body.string("method")
    guard let kind = DocumentRequest.Kind(rawValue: word) else {
      let words = DocumentRequest.Kind.allCases.map(\.rawValue).joined(separator: ", ")
      throw .invalid("\"method\" must be one of \(words), not '\(word)'")
    }
    let pathText = try body.string("path")
    guard let path = PlaygroundInput.documentPath(pathText) else {
      throw .invalid("'\(pathText)' is not a document path (collection/id, an even number of segments)")
    }
    let time = try RequestInputs.time(body)
    let auth = try RequestInputs.auth(body, time: time)
    let dataText = body.jsonText("data").flatMap { $0 == "null" ? nil : $0 }
    if dataText != nil, !kind.takesData { throw .invalid("\"data\" is only for create, update and set") }
    let document: DocumentRequest
    do {
      document = try DocumentRequest.read(kind, path: path, json: dataText, time: time, name: "data")
    } catch {
      throw .invalid("invalid data: \(error.description)")
    }
    let ruleset = try project.ruleset(edited: try body.optionalString("rules"))
    let store = try RequestDocuments.store(body, project: project, time: time)
    let playground = QueryPlayground(ruleset: ruleset, store: store, database: project.database)
    return .ok(PlaygroundRenderer.json(playground.run(document, auth: auth, time: time)))
  }
}
