import FirestoreModel
import FlintKit
import RulesEngine
import RulesLanguage

/// Front door: `flint query` text as alice: parsed, validated against the SDK and backend
/// rules, proved against the sample rules and run on the sample documents.
public enum QueryHarness {
  static let playground: QueryPlayground = {
    let source = SourceFile(name: FuzzFixtures.rulesName, text: FuzzFixtures.rules)
    let ruleset = Ruleset(file: RulesCompiler.compile(source).file, source: source)
    let store = (try? FixtureLoader.load(text: FuzzFixtures.data)) ?? DocumentStore()
    return QueryPlayground(ruleset: ruleset, store: store)
  }()

  public static func run(_ bytes: [UInt8]) throws(InvariantViolation) {
    let auth = Auth(uid: "alice", claims: ["admin": .boolean(true)])
    let report = playground.run(
      String(decoding: bytes, as: UTF8.self), auth: auth, time: Timestamp(seconds: 1_714_564_800))
    try Invariants.rendered(report.diagnostics, in: report.source, inputSize: bytes.count)
    _ = PlaygroundRenderer.text(report)
    _ = PlaygroundRenderer.json(report)
  }
}
