import RulesLanguage

/// Everything in a ruleset that coverage counts: each `match` block, `allow` statement,
/// user function and evaluated sub-expression, found by walking the rules once.
public struct CoverageTargets: Sendable {
  /// A `match` block: its complete pattern and its own header path.
  public struct MatchBlock: Sendable {
    public var pattern: String
    public var range: SourceRange
    /// The enclosing block's index in `matches`, if any.
    public var parent: Int?
  }

  /// An `allow` statement.
  public struct Allow: Sendable {
    public var methods: [Method]
    public var range: SourceRange
    /// Nil for `allow read;`, which can only grant.
    public var conditionRange: SourceRange?
    /// `if false`: the statement can never grant, so it can never be covered and coverage
    /// totals leave it out.
    public var isNever: Bool
  }

  /// A user function: its name, its name's range and its body's (which identifies it in traces).
  public struct Function: Sendable {
    public var name: String
    public var nameRange: SourceRange
    public var bodyRange: SourceRange
    /// The whole declaration.
    public var range: SourceRange
  }

  /// A sub-expression the evaluator evaluates (and records) on its own.
  public struct Expression: Sendable {
    public var range: SourceRange
    /// Whether its value decides a branch: an allow condition, an operand of `&&` or `||`, or a
    /// ternary's condition. Only these are expected to be both true and false. (A
    /// function body is not one: its call is, where the call is an operand.)
    public var isCondition: Bool
  }

  public var matches: [MatchBlock] = []
  public var allows: [Allow] = []
  public var functions: [Function] = []
  /// In source order, without repeats.
  public var expressions: [Expression] = []
}

extension Ruleset {
  /// The coverage targets of this ruleset, in source order.
  public var coverageTargets: CoverageTargets {
    var targets = CoverageTargets()
    var walker = EvaluatedExpressions()
    // A block's scope is a child of its enclosing block's scope (`RulesetBuilder.add`).
    var blockOfScope: [Int: Int] = [:]
    for (index, node) in nodes.enumerated() { blockOfScope[node.scope] = index }
    for node in nodes {
      let parent = scopes[node.scope].parent.flatMap { blockOfScope[$0] }
      targets.matches.append(
        CoverageTargets.MatchBlock(pattern: node.patternText, range: node.pathRange, parent: parent))
      for rule in node.allows {
        let statement = rule.statement
        let isNever: Bool
        if case .bool(false)? = statement.condition?.kind { isNever = true } else { isNever = false }
        targets.allows.append(
          CoverageTargets.Allow(
            methods: statement.methods.map(\.method), range: statement.range,
            conditionRange: statement.condition?.range, isNever: isNever))
        // A literal `false` is never true: not a condition to cover either.
        if let condition = statement.condition { walker.add(condition, isCondition: !isNever) }
      }
    }
    for function in functions {
      let decl = function.decl
      targets.functions.append(
        CoverageTargets.Function(
          name: decl.name.name, nameRange: decl.name.range, bodyRange: decl.body.range, range: decl.range))
      for binding in decl.lets { walker.add(binding.value, isCondition: false) }
      walker.add(decl.body, isCondition: false)
    }
    targets.allows.sort { $0.range.start < $1.range.start }
    targets.functions.sort { $0.nameRange.start < $1.nameRange.start }
    targets.expressions = walker.sorted
    return targets
  }
}
