import FirestoreModel
import FlintKit
import RulesEngine

/// `POST /api/query`: `{"query": DSL text (or pasted as the app writes it), "auth", "time",
/// "rules"?}` → `flint query --format json`'s report: validity (with the SDK's message), the rules
/// proof with its fix, the results on the seed data and the index it needs from the project's
/// manifest (`QueryPlayground`, as `flint query` runs it).
enum QueryEndpoint {
  static func answer(_ body: APIBody, project: ServedProject) throws(APIProblem) -> APIResponse {
    try body.allowOnly(["query", "auth", "time", "rules"])
    let text = try body.string("query")
    let time = try RequestInputs.time(body)
    let auth = try RequestInputs.auth(body, time: time)
    var playground = QueryPlayground(
      ruleset: try project.ruleset(edited: try body.optionalString("rules")), store: try project.store(time: time),
      database: project.database)
    if let (name, manifest) = try project.manifest() {
      playground.indexes = manifest
      playground.indexesName = name
    }
    return .ok(PlaygroundRenderer.json(playground.run(text, auth: auth, time: time)))
  }
}
