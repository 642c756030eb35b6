import FirestoreModel
import RulesLanguage
import Testing

@testable import RulesEngine

/// Spec §6.8: 10 lookups per request, 1,000 expressions, call depth 20; breaches deny the
/// whole request and are never absorbed.
@Suite struct LimitsTests {
  static func lookups(_ count: Int, distinct: Bool = true) -> String {
    (0..<count).map { "exists(/databases/$(database)/documents/docs/d\(distinct ? $0 : 0))" }.joined(separator: " || ")
  }

  @Test func tenDistinctLookupsAreFine() {
    let ruleset = documentsRuleset("    match /x/{id} { allow get: if \(Self.lookups(10)) || true; }")
    let decision = Evaluator(ruleset: ruleset).evaluate(.get(path("x/1")), store: DocumentStore())
    #expect(decision.allowed)
    #expect(decision.lookups.count == 10)
  }

  @Test func theEleventhLookupDeniesTheWholeRequest() {
    let ruleset = documentsRuleset(
      """
          match /x/{id} {
            allow get: if \(Self.lookups(11)) || true;
            allow get: if true;
          }
      """)
    let decision = Evaluator(ruleset: ruleset).evaluate(.get(path("x/1")), store: DocumentStore())
    #expect(!decision.allowed)
    #expect(decision.trace.limitBreach == "Exceeded maximum of 10 get/exists calls per request.")
    #expect(
      decision.trace.allows.map(\.outcome) == [
        .limitExceeded("Exceeded maximum of 10 get/exists calls per request."), .notEvaluated,
      ])
  }

  @Test func lookupsAccumulateAcrossAllows() {
    let ruleset = documentsRuleset(
      """
          match /x/{id} {
            allow get: if \((0..<6).map { "exists(/databases/$(database)/documents/a/d\($0))" }.joined(separator: " || "));
            allow get: if \((0..<6).map { "exists(/databases/$(database)/documents/b/d\($0))" }.joined(separator: " || "));
          }
      """)
    let decision = Evaluator(ruleset: ruleset).evaluate(.get(path("x/1")), store: DocumentStore())
    #expect(!decision.allowed)
    #expect(decision.trace.limitBreach != nil)
  }

  @Test func repeatedLookupsAreChargedOnce() {
    let ruleset = documentsRuleset(
      """
          match /x/{id} {
            allow get: if \(Self.lookups(15, distinct: false)) || get(/databases/$(database)/documents/docs/d0) == null || true;
          }
      """)
    let decision = Evaluator(ruleset: ruleset).evaluate(.get(path("x/1")), store: DocumentStore())
    #expect(decision.allowed)
    #expect(decision.lookups == [path("docs/d0")])
    #expect(decision.trace.lookups.filter(\.charged).count == 1)
  }

  @Test func theExpressionBudgetIsEnforced() {
    // A flat list literal: many nodes, shallow nesting (the parser limits depth).
    let long = "[" + (0..<1_100).map { _ in "1" }.joined(separator: ", ") + "]"
    let ruleset = documentsRuleset(
      """
          match /x/{id} {
            allow get: if \(long).size() > 0 || true;
          }
      """)
    let decision = Evaluator(ruleset: ruleset).evaluate(.get(path("x/1")), store: DocumentStore())
    #expect(!decision.allowed)
    #expect(decision.trace.limitBreach == "Exceeded maximum of 1000 expressions evaluated per request.")
    let short = "[" + (0..<900).map { _ in "1" }.joined(separator: ", ") + "]"
    let fine = documentsRuleset("    match /x/{id} { allow get: if \(short).size() > 0; }")
    #expect(Evaluator(ruleset: fine).evaluate(.get(path("x/1")), store: DocumentStore()).allowed)
  }

  @Test func theCallDepthIsLimited() {
    func chain(_ depth: Int) -> Ruleset {
      var functions = "function f0() { return true; }\n"
      for level in 1..<depth { functions += "function f\(level)() { return f\(level - 1)(); }\n" }
      return documentsRuleset("    match /x/{id} { allow get: if f\(depth - 1)() || true; }", functions: functions)
    }
    #expect(Evaluator(ruleset: chain(20)).evaluate(.get(path("x/1")), store: DocumentStore()).allowed)
    let deep = Evaluator(ruleset: chain(21)).evaluate(.get(path("x/1")), store: DocumentStore())
    #expect(!deep.allowed)
    #expect(deep.trace.limitBreach == "Exceeded maximum function call depth of 20.")
  }

  @Test func limitsAreConfigurable() {
    let ruleset = documentsRuleset("    match /x/{id} { allow get: if \(Self.lookups(3)) || true; }")
    let options = EvaluationOptions(limits: EvaluationLimits(lookupsPerRequest: 2))
    let decision = Evaluator(ruleset: ruleset, options: options).evaluate(.get(path("x/1")), store: DocumentStore())
    #expect(!decision.allowed)
  }

  @Test func aStandaloneExpressionReportsALimitAsAnError() {
    let long = "[" + (0..<1_100).map { _ in "1" }.joined(separator: ", ") + "]"
    let result = evalExpr("\(long).size() > 0 || true")
    #expect(result.error?.kind == .limit)
  }
}
