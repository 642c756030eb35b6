import FirestoreModel
import Foundation
import RulesLanguage
import Testing

@testable import RulesEngine

/// Spec §6.5: errors are values; `&&`/`||` absorb them commutatively; booleans are strict.
/// `E` below is `{}.e`, an expression that errors with `Property e is undefined on object.`
@Suite struct ErrorAbsorptionTests {
  enum Expected: Sendable, CustomStringConvertible {
    case value(Bool)
    case error

    var description: String {
      switch self {
      case .value(let b): "\(b)"
      case .error: "⊥"
      }
    }
  }

  static let table: [(String, Expected)] = [
    ("E && true", .error),
    ("E && false", .value(false)),
    ("false && E", .value(false)),
    ("true && E", .error),
    ("E || true", .value(true)),
    ("true || E", .value(true)),
    ("E || false", .error),
    ("false || E", .error),
    ("E && E", .error),
    ("E || E", .error),
    ("(E && false) || true", .value(true)),
    ("(E || true) && true", .value(true)),
    ("!E", .error),
    ("E == null", .error),
    ("E ? true : false", .error),
    // Strict booleans: non-bool operands are errors, which absorption may still decide.
    ("1 && true", .error),
    ("false || 1", .error),
    ("true && 1", .error),
    ("1 || true", .value(true)),
    ("1 && false", .value(false)),
    ("1 ? true : false", .error),
    ("!1", .error),
    ("'a' || 'b'", .error),
  ]

  @Test(arguments: table)
  func absorption(_ source: String, _ expected: Expected) {
    let text = source.replacingOccurrences(of: "E", with: "{}.e")
    let result = evalExpr(text)
    switch expected {
    case .value(let b): #expect(result.value == .bool(b), "\(source)")
    case .error: #expect(result.error != nil, "\(source) gave \(String(describing: result.value))")
    }
  }

  @Test func theErrorKeepsTheFirstMessage() {
    #expect(evalExpr("{}.a && {}.b").error?.message == "Property a is undefined on object.")
    #expect(evalExpr("true && {}.b").error?.message == "Property b is undefined on object.")
    #expect(evalExpr("1 && true").error?.message == "Type error. Received: [int] Expected: [bool].")
  }

  @Test func shortCircuitSkipsTheRightSide() {
    let request = Request.get(path("users/alice"))
    let skipped = evalExpr(
      "false && exists(/databases/(default)/documents/users/bob) && debug(true)", request: request, store: usersStore)
    #expect(skipped.isFalse)
    #expect(skipped.lookups.isEmpty)
    #expect(skipped.debugOutputs.isEmpty)
    let orSkipped = evalExpr("true || debug(false)")
    #expect(orSkipped.isTrue)
    #expect(orSkipped.debugOutputs.isEmpty)
  }

  @Test func anErrorOnTheLeftEvaluatesTheRightSide() {
    let result = evalExpr("{}.x || debug(true)")
    #expect(result.isTrue)
    #expect(result.debugOutputs.count == 1)
    let andResult = evalExpr("{}.x && debug(false)")
    #expect(andResult.isFalse)
    #expect(andResult.debugOutputs.count == 1)
  }

  @Test func ternaryEvaluatesOnlyTheChosenBranch() {
    #expect(evalExpr("true ? 1 : {}.x").value == .int(1))
    #expect(evalExpr("false ? {}.x : 2").value == .int(2))
    let result = evalExpr("true ? debug(1) : debug(2)")
    #expect(result.debugOutputs.map(\.text) == ["int_value: 1"])
  }

  @Test func strictOperatorsPropagateErrors() {
    #expect(evalExpr("{}.x + 1").error != nil)
    #expect(evalExpr("[{}.x, 1]").error != nil)
    #expect(evalExpr("{'a': {}.x}").error != nil)
    #expect(evalExpr("'abc'.size() == {}.x").error != nil)
    #expect(evalExpr("{}.x is string").error != nil)
    #expect(evalExpr("math.abs({}.x)").error != nil)
    #expect(evalExpr("[1][{}.x]").error != nil)
  }

  @Test func anAllowThatErrorsDeniesOnlyItself() {
    let ruleset = documentsRuleset(
      """
          match /items/{id} {
            allow get: if resource.data.missing == 1;
            allow get: if 42;
            allow get: if request.auth != null;
          }
      """)
    let store = DocumentStore(documents: [Document(path: path("items/a"), fields: [:])])
    let evaluator = Evaluator(ruleset: ruleset)
    let signedIn = evaluator.evaluate(.get(path("items/a"), auth: alice), store: store)
    #expect(signedIn.allowed)
    #expect(
      signedIn.trace.allows.map(\.outcome) == [
        .error("Property missing is undefined on object."), .notBoolean("int"), .granted,
      ])
    let anonymous = evaluator.evaluate(.get(path("items/a")), store: store)
    #expect(!anonymous.allowed)
    #expect(
      anonymous.message
        == "Property missing is undefined on object. for 'get' @ L6, false for 'get' @ L7, false for 'get' @ L8")
  }
}
