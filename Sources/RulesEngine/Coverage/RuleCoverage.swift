import RulesLanguage

/// Coverage of one rules file, accumulated over many decisions: how often each `match`
/// block was reached, each `allow` granted or not, each function called and each
/// sub-expression evaluated to true, false, an error or another value.
///
/// Sub-expression counts come from full traces (`TraceLevel.full`); a decision traced at a
/// lower level still counts its matches and allow outcomes.
package struct RuleCoverage: Sendable {
  package let targets: CoverageTargets
  /// Parallel to `targets.matches`: how many requests reached the block: its complete pattern,
  /// or that of a block nested in it, matched the request path.
  package private(set) var matchHits: [Int]
  /// Parallel to `targets.allows`.
  package private(set) var allowCounts: [AllowCounts]
  /// Parallel to `targets.functions`: how many calls ran the body.
  package private(set) var functionCalls: [Int]
  /// Parallel to `targets.expressions`.
  package private(set) var expressionCounts: [OutcomeCounts]

  private let matchIndex: [SourceRange: Int]
  private let allowIndex: [SourceRange: Int]
  private let functionIndex: [SourceRange: Int]
  private let expressionIndex: [SourceRange: Int]

  package init(_ ruleset: Ruleset) {
    self.init(targets: ruleset.coverageTargets)
  }

  package init(targets: CoverageTargets) {
    self.targets = targets
    matchHits = Array(repeating: 0, count: targets.matches.count)
    allowCounts = Array(repeating: AllowCounts(), count: targets.allows.count)
    functionCalls = Array(repeating: 0, count: targets.functions.count)
    expressionCounts = Array(repeating: OutcomeCounts(), count: targets.expressions.count)
    matchIndex = Self.index(targets.matches.map(\.range))
    allowIndex = Self.index(targets.allows.map(\.range))
    functionIndex = Self.index(targets.functions.map(\.bodyRange))
    expressionIndex = Self.index(targets.expressions.map(\.range))
  }

  private static func index(_ ranges: [SourceRange]) -> [SourceRange: Int] {
    var index: [SourceRange: Int] = [:]
    for (position, range) in ranges.enumerated() where index[range] == nil { index[range] = position }
    return index
  }

  /// Counts one decision: its matched blocks, its evaluated allows and their expression trees.
  package mutating func record(_ trace: DecisionTrace) {
    reach(trace.matches.compactMap { matchIndex[$0.range] })
    for allow in trace.allows {
      if let position = allowIndex[allow.range] { allowCounts[position].add(allow.outcome) }
      if let expression = allow.expression { record(expression) }
    }
  }

  /// Counts one allow outcome decided elsewhere (a query proof), by the statement's range.
  package mutating func recordAllow(_ range: SourceRange, _ apply: (inout AllowCounts) -> Void) {
    if let position = allowIndex[range] { apply(&allowCounts[position]) }
  }

  /// Counts one request reaching the blocks with these complete patterns (a query proof names blocks so).
  package mutating func recordMatches(patterns: [String]) {
    let wanted = Set(patterns)
    reach(targets.matches.indices.filter { wanted.contains(targets.matches[$0].pattern) })
  }

  /// Counts one request reaching `blocks` and every block enclosing them, each once.
  private mutating func reach(_ blocks: [Int]) {
    var reached: Set<Int> = []
    for block in blocks {
      var current: Int? = block
      while let index = current, reached.insert(index).inserted { current = targets.matches[index].parent }
    }
    for index in reached { matchHits[index] += 1 }
  }

  private mutating func record(_ node: ExprTrace) {
    if case .notEvaluated = node.value { return }
    switch node.kind {
    case .functionBody:
      if let position = functionIndex[node.range] { functionCalls[position] += 1 }
    case .letBinding:
      break
    default:
      if let position = expressionIndex[node.range] { expressionCounts[position].add(node.value) }
    }
    for child in node.children { record(child) }
  }
}
