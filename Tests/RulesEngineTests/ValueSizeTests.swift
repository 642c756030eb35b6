import FirestoreModel
import RulesLanguage
import Testing

@testable import RulesEngine

/// Red-team regressions: values the engine builds are capped (`ValueSize`). A `replace` chain
/// grew until memory ran out, and nested lists sharing their parts made `x == x` exponential.
@Suite struct ValueSizeTests {
  static let tooLarge = ValueSize.tooLarge.message

  @Test func growingChainsStopAtTheCap() {
    let quadrupling = "'x'" + String(repeating: ".replace('x', 'xxxx')", count: 20) + ".size()"
    let replace = evalExpr(quadrupling)
    #expect(replace.error?.message == Self.tooLarge)
    #expect(replace.error?.kind == .limit)
    let doubling = "'x'" + String(repeating: ".replace('x', 'xx')", count: 20) + ".size()"
    #expect(evalExpr(doubling).value == .int(1 << 20))
    let concat = "'x'" + String(repeating: ".replace('x', 'xx')", count: 22)
    #expect(evalExpr("(\(concat) + \(concat)).size()").error?.message == Self.tooLarge)
  }

  @Test func bigInputsCannotBeMultiplied() {
    let big = RulesValue.string(String(repeating: "x", count: 3 << 20))
    #expect(evalExpr("s.size()", bindings: ["s": big]).value == .int(3 << 20))
    #expect(evalExpr("s.split('').size()", bindings: ["s": big]).error?.message == Self.tooLarge)
    #expect(evalExpr("s.replace('x', 'yy').size()", bindings: ["s": big]).error?.message == Self.tooLarge)
    #expect(evalExpr("[s, s].size()", bindings: ["s": big]).error?.message == Self.tooLarge)
    #expect(evalExpr("{'a': s, 'b': s}.size()", bindings: ["s": big]).error?.message == Self.tooLarge)
    #expect(evalExpr("[s].concat([s]).size()", bindings: ["s": big]).error?.message == Self.tooLarge)
    #expect(evalExpr("l.join('')", bindings: ["l": .list([big, big])]).error?.message == Self.tooLarge)
    #expect(evalExpr("s.toUtf8().toHexString().size()", bindings: ["s": big]).error?.message == Self.tooLarge)
    #expect(evalExpr("[s].toSet().union(['y'].toSet()).size()", bindings: ["s": big]).value == .int(2))
  }

  /// Each function doubles its argument ten times through `let`s; eight calls nest 2^80 copies.
  @Test func sharedListsCannotGrowExponentially() {
    var functions = ""
    for level in 0..<8 {
      let lets = (0..<10).map { "let a\($0) = [\($0 == 0 ? "x" : "a\($0 - 1)"), \($0 == 0 ? "x" : "a\($0 - 1)")];" }
      functions += "function f\(level)(x) { \(lets.joined(separator: " ")) return f\(level + 1)(a9); }\n"
    }
    functions += "function f8(x) { return x == x; }"
    let ruleset = documentsRuleset("    match /a/{b} { allow read: if f0(1) || true; }", functions: functions)
    let decision = Evaluator(ruleset: ruleset).evaluate(.get(path("a/b")), store: DocumentStore())
    #expect(!decision.allowed)
    #expect(decision.trace.limitBreach == Self.tooLarge)
  }

  @Test func ordinaryValuesAreUntouched() {
    #expect(evalExpr("'ab' + 'cd'").value == .string("abcd"))
    #expect(evalExpr("'a,b,c'.split(',').join('-')").value == .string("a-b-c"))
    #expect(evalExpr("[1, [2, 3], {'k': 'v'}].size()").value == .int(3))
    #expect(evalExpr("'ß'.upper()").value == .string("SS"))
  }
}
