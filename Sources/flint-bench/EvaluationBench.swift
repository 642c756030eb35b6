import FirestoreModel
import RulesEngine
import RulesLanguage

/// Simple condition evaluations per second on one core, bindings prepared once.
enum EvaluationBench {
  static func run(iterations: Int = 1_000_000) -> BenchResult {
    let conditions = [
      "request.auth != null && request.auth.uid == resource.data.owner",
      "resource.data.visibility == 'public' || request.auth.uid in resource.data.members",
      "request.resource.data.title is string && request.resource.data.title.size() <= 100",
      "request.resource.data.count >= 0 && request.resource.data.count < 1000",
    ]
    let exprs = conditions.map { RulesParser.parseExpression(SourceFile(name: "bench", text: $0)).expr }
    let data: [String: RulesValue] = [
      "owner": .string("alice"), "visibility": .string("private"),
      "members": .list([.string("bob"), .string("alice")]), "title": .string("Hello"), "count": .int(7),
    ]
    let bindings: [String: RulesValue] = [
      "request": .map([
        "auth": .map(["uid": .string("alice"), "token": .map([:])]),
        "resource": .map(["data": .map(data)]),
      ]),
      "resource": .map(["data": .map(data)]),
    ]
    let options = EvaluationOptions(traceLevel: .none)
    var trues = 0
    let seconds = bestSeconds {
      trues = 0
      for index in 0..<iterations {
        let result = Evaluator.evaluate(
          expression: exprs[index & 3], bindings: bindings, options: options)
        if case .success(.bool(true)) = result.result { trues += 1 }
      }
    }
    return BenchResult(
      name: "condition-evaluation",
      fields: [
        ("evaluations", .int(iterations)), ("true_results", .int(trues)), ("seconds", format(seconds, digits: 3)),
        ("evaluations_per_second", format(Double(iterations) / seconds, digits: 0)),
      ])
  }
}
