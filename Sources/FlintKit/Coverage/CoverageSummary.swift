import RulesEngine

/// Coverage figures of one rules file or of several.
///
/// An `allow` is covered when it was both granted and not granted at least once (a
/// condition-less `allow read;` can only grant: granting once covers it). An `allow ...: if false`
/// can never grant, so it is not counted (`allowsNever` says how many were left out). A condition (an
/// allow condition, an operand of `&&` or `||`, a ternary's condition; a call there stands for its body)
/// is covered when it was both `true` and `false`.
package struct CoverageSummary: Hashable, Sendable {
  /// The allows that can be covered (not `if false`).
  package var allows = 0
  package var allowsCovered = 0
  /// The `if false` allows, left out of `allows`.
  package var allowsNever = 0
  package var expressions = 0
  package var expressionsEvaluated = 0
  package var conditions = 0
  package var conditionsCovered = 0
  package var matches = 0
  package var matchesReached = 0
  package var functions = 0
  package var functionsCalled = 0

  package init() {}

  package init(_ coverage: RuleCoverage) {
    let targets = coverage.targets
    allows = targets.allows.count { !$0.isNever }
    allowsNever = targets.allows.count - allows
    allowsCovered = zip(targets.allows, coverage.allowCounts).count { !$0.isNever && Self.covers($1, $0) }
    expressions = targets.expressions.count
    expressionsEvaluated = coverage.expressionCounts.count { $0.evaluated > 0 }
    let conditionCounts = zip(targets.expressions, coverage.expressionCounts).filter { $0.0.isCondition }.map(\.1)
    conditions = conditionCounts.count
    conditionsCovered = conditionCounts.count { $0.trueCount > 0 && $0.falseCount > 0 }
    matches = targets.matches.count
    matchesReached = coverage.matchHits.count { $0 > 0 }
    functions = targets.functions.count
    functionsCalled = coverage.functionCalls.count { $0 > 0 }
  }

  /// Whether `counts` covers `allow`: granted and not granted, or granted when it has no condition.
  package static func covers(_ counts: AllowCounts, _ allow: CoverageTargets.Allow) -> Bool {
    counts.granted > 0 && (counts.notGranted > 0 || allow.conditionRange == nil)
  }

  /// The percentage of covered allows (100 when there are none): what `--min-coverage` checks.
  package var allowPercent: Double { Self.percent(allowsCovered, of: allows) }

  static func percent(_ part: Int, of whole: Int) -> Double {
    whole == 0 ? 100 : Double(part) * 100 / Double(whole)
  }

  /// A percentage with one decimal, e.g. `66.7%`.
  package static func percentText(_ part: Int, of whole: Int) -> String {
    let tenths = Int((percent(part, of: whole) * 10).rounded(.down))
    return "\(tenths / 10).\(tenths % 10)%"
  }

  package static func + (lhs: Self, rhs: Self) -> Self {
    var sum = lhs
    sum.allows += rhs.allows
    sum.allowsCovered += rhs.allowsCovered
    sum.allowsNever += rhs.allowsNever
    sum.expressions += rhs.expressions
    sum.expressionsEvaluated += rhs.expressionsEvaluated
    sum.conditions += rhs.conditions
    sum.conditionsCovered += rhs.conditionsCovered
    sum.matches += rhs.matches
    sum.matchesReached += rhs.matchesReached
    sum.functions += rhs.functions
    sum.functionsCalled += rhs.functionsCalled
    return sum
  }

  /// `allows 3/4 granted and denied (75.0%), conditions 5/9 true and false, expressions 40/42 evaluated,
  /// match blocks 2/3 reached, functions 1/1 called` (with `, 1 'if false' not counted` after the
  /// percentage when there are such allows).
  package var text: String {
    "allows \(allowsCovered)/\(allows) granted and denied (\(Self.percentText(allowsCovered, of: allows))"
      + (allowsNever > 0 ? ", \(allowsNever) 'if false' not counted" : "") + "), "
      + "conditions \(conditionsCovered)/\(conditions) true and false, "
      + "expressions \(expressionsEvaluated)/\(expressions) evaluated, "
      + "match blocks \(matchesReached)/\(matches) reached, functions \(functionsCalled)/\(functions) called"
  }
}
