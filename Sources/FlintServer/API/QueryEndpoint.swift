import FirestoreModel
import FlintKit
import RulesEngine

/// `POST /api/query`: `{"query": DSL text (or pasted as the app writes it), "auth", "time",
/// "rules"?}` → `flint query --format json`'s report: validity (with the SDK's message), the rules
/// proof with its fix, the results on the seed data and the index it needs from the project's
/// manifest (`QueryPlayground`, as `flint query` runs it), plus two members:
///
/// - `"explain"`: Query Explain on the seed data, as `flint query --analyze --format json`
///   prints it (`{"explainMetrics": {"planSummary", "executionStats"}, "missingIndexes"?}`), for a
///   valid query whatever the rules decide (Query Explain runs with IAM, not the rules);
/// - `"manifestProblem"`: why the project's index manifest could not be read, when it could not
///   (the query then runs as with no manifest);
/// - `"fixes"`: for a denied query, each alternative of the proof's fix as
///   `{"add": [step], "query": DSL text | null, "allowed": bool}`: the query rewritten with it and
///   whether the rules allow that (proved again, for the same user). Nothing is written.
enum QueryEndpoint {
  static func answer(_ body: APIBody, project: ServedProject) throws(APIProblem) -> APIResponse {
    try body.allowOnly(["query", "auth", "time", "rules"])
    let text = try body.string("query")
    let time = try RequestInputs.time(body)
    let auth = try RequestInputs.auth(body, time: time)
    var playground = QueryPlayground(
      ruleset: try project.ruleset(edited: try body.optionalString("rules")), store: try project.store(time: time),
      database: project.database)
    // A manifest Flint cannot read (one the backend would refuse) does not stop the query: it
    // runs without one, and the answer says why (`manifestProblem`).
    var manifestProblem: String?
    do {
      if let (name, manifest) = try project.manifest() {
        playground.indexes = manifest
        playground.indexesName = name
      }
    } catch {
      manifestProblem = error.message
    }
    playground.explain = .analyze
    let report = playground.run(text, auth: auth, time: time)
    guard case .object(var members) = PlaygroundRenderer.jsonValue(report) else {
      return .ok(PlaygroundRenderer.json(report))
    }
    members["explain"] = report.explain.map(ExplainRenderer.json) ?? .null
    members["fixes"] = .array(playground.fixes(for: report, auth: auth, time: time).map(\.json))
    if let manifestProblem { members["manifestProblem"] = .string(manifestProblem) }
    return .ok(JSONValue.object(members))
  }
}
