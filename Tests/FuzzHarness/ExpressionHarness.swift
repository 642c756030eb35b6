import FirestoreModel
import FlintKit
import RulesEngine
import RulesLanguage

/// Front door: `flint expr` text, parsed and evaluated against a fixed request (alice
/// updating `clubs/dickens`), the sample documents and the sample rules' functions, under
/// the production limits (1,000 expressions).
public enum ExpressionHarness {
  static let context: (ruleset: Ruleset, store: DocumentStore, request: Request) = {
    let compiled = RulesCompiler.compile(SourceFile(name: FuzzFixtures.rulesName, text: FuzzFixtures.rules))
    let ruleset = Ruleset(
      file: compiled.file, source: SourceFile(name: FuzzFixtures.rulesName, text: FuzzFixtures.rules))
    let store = (try? FixtureLoader.load(text: FuzzFixtures.data)) ?? DocumentStore()
    let request = Request(
      method: .update, path: ResourcePath(parsing: "clubs/dickens")!, auth: Auth(uid: "alice"),
      time: Timestamp(seconds: 1_714_564_800),
      resourceData: ["name": .string("Dickens"), "owner": .string("alice"), "visibility": .string("public")])
    return (ruleset, store, request)
  }()

  public static func run(_ bytes: [UInt8]) throws(InvariantViolation) {
    let parsed = ExpressionJob.parse(String(decoding: bytes, as: UTF8.self))
    try Invariants.rendered(parsed.diagnostics, in: parsed.source, inputSize: bytes.count)
    guard let expr = parsed.expr else { return }
    let options = EvaluationOptions(traceLevel: .full)
    let evaluation = Evaluator.evaluate(
      expression: expr, request: context.request, store: context.store, ruleset: context.ruleset, options: options)
    if evaluation.steps > options.limits.expressions + 1 {
      throw InvariantViolation("evaluated \(evaluation.steps) expressions, budget \(options.limits.expressions)")
    }
    if case .success(let value) = evaluation.result {
      _ = value.typedJSON
      _ = ValueText.render(value, limit: 10_000)
    }
  }
}
