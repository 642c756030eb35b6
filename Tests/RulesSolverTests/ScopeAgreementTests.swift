import FirestoreModel
import RulesEngine
import RulesLanguage
import Testing

@testable import RulesSolver

/// `flint diff` (the solver) and `flint test` (the evaluator) must mean the same function and the
/// same wildcard by each name: both resolve through the file's `ScopeModel`. Each OLD below is
/// written with a name whose meaning depends on scoping (a function shadowed in a nested match,
/// one wildcard name bound at two levels, a parameter named like a wildcard), and each NEW
/// spells out what the evaluator makes of it. Were the solver to resolve a name another way, it
/// would call an equal pair different (its candidates then fail the evaluator's confirmation, so
/// the answer is not proved) or a different pair equal (no witness).
@Suite struct ScopeAgreementTests {
  static func ruleset(_ body: String) throws -> Ruleset {
    let text = """
      rules_version = '2';
      service cloud.firestore {
        function level() { return 'service'; }
        match /databases/{database}/documents {
      \(body)
        }
      }
      """
    return try #require(Ruleset.compile(SourceFile(name: "t.rules", text: text)).ruleset)
  }

  /// The `get` comparisons of OLD and NEW, candidates confirmed by the evaluator.
  static func getComparisons(_ old: Ruleset, _ new: Ruleset) throws -> [MatchComparison] {
    let result = try RulesComparisonTests.compare(old, new)
    let gets = result.matches.filter { $0.method == .get }
    #expect(!gets.isEmpty)
    return gets
  }

  /// Whether the evaluator allows `get` of `path` (what `flint test` decides).
  static func allows(_ ruleset: Ruleset, _ path: String) throws -> Bool {
    let request = Request(method: .get, path: try #require(ResourcePath(parsing: path)), auth: nil)
    return Evaluator(ruleset: ruleset).evaluate(request, store: DocumentStore()).allowed
  }

  static let shadowedFunction = """
      match /a/{a} {
        function level() { return 'a'; }
        match /b/{b} { allow get: if level() == 'a'; }
      }
      match /c/{c} { allow get: if level() == 'service'; }
    """

  static let wildcardAtTwoLevels = """
      match /a/{x} {
        function outer() { return x; }
        match /b/{x} { allow get: if outer() == 'one' && x == 'two'; }
      }
    """

  static let parameterNamedLikeAWildcard = """
      match /a/{x} {
        function outer() { return x; }
        function wrap(x) { return outer(); }
        match /b/{y} { allow get: if wrap('param') == 'one'; }
      }
    """

  /// What the evaluator makes of each OLD: the innermost function, the declaring block's wildcard.
  @Test func theEvaluatorResolvesLexically() throws {
    let shadowed = try Self.ruleset(Self.shadowedFunction)
    #expect(try Self.allows(shadowed, "a/1/b/2"))
    #expect(try Self.allows(shadowed, "c/1"))
    let twoLevels = try Self.ruleset(Self.wildcardAtTwoLevels)
    #expect(try Self.allows(twoLevels, "a/one/b/two"))
    #expect(try !Self.allows(twoLevels, "a/two/b/one"))
    let parameter = try Self.ruleset(Self.parameterNamedLikeAWildcard)
    #expect(try Self.allows(parameter, "a/one/b/z"))
    #expect(try !Self.allows(parameter, "a/param/b/z"))
  }

  @Test func aShadowedFunctionMeansTheInnermost() throws {
    let old = try Self.ruleset(Self.shadowedFunction)
    let same = try Self.ruleset(
      """
        match /a/{a} { match /b/{b} { allow get: if true; } }
        match /c/{c} { allow get: if true; }
      """)
    for comparison in try Self.getComparisons(old, same) {
      #expect(comparison.witnesses.isEmpty && comparison.exact, "\(comparison.match)")
    }
    let denying = try Self.ruleset(
      """
        match /a/{a} { match /b/{b} { allow get: if false; } }
        match /c/{c} { allow get: if false; }
      """)
    for comparison in try Self.getComparisons(old, denying) {
      #expect(comparison.witnesses.map(\.allowedBy) == [.old], "\(comparison.match)")
    }
  }

  @Test func aFunctionReadsItsOwnBlocksWildcard() throws {
    let old = try Self.ruleset(Self.wildcardAtTwoLevels)
    let same = try Self.ruleset(
      "match /a/{first} { match /b/{second} { allow get: if first == 'one' && second == 'two'; } }")
    for comparison in try Self.getComparisons(old, same) {
      #expect(comparison.witnesses.isEmpty && comparison.exact, "\(comparison.match)")
    }
    let swapped = try Self.ruleset(
      "match /a/{first} { match /b/{second} { allow get: if second == 'one' && first == 'two'; } }")
    let comparison = try #require(try Self.getComparisons(old, swapped).first)
    #expect(Set(comparison.witnesses.map(\.allowedBy)) == [.old, .new])
  }

  @Test func aParameterDoesNotHideTheWildcardACalleeReads() throws {
    let old = try Self.ruleset(Self.parameterNamedLikeAWildcard)
    let same = try Self.ruleset("match /a/{first} { match /b/{y} { allow get: if first == 'one'; } }")
    for comparison in try Self.getComparisons(old, same) {
      #expect(comparison.witnesses.isEmpty && comparison.exact, "\(comparison.match)")
    }
    let parameter = try Self.ruleset("match /a/{first} { match /b/{y} { allow get: if first == 'param'; } }")
    let comparison = try #require(try Self.getComparisons(old, parameter).first)
    #expect(Set(comparison.witnesses.map(\.allowedBy)) == [.old, .new])
  }
}
