import RulesLanguage

/// Everything in a ruleset that coverage counts: each `match` block, `allow` statement,
/// user function and evaluated sub-expression, found by walking the rules once.
package struct CoverageTargets: Sendable {
  /// A `match` block: its complete pattern and its own header path.
  package struct MatchBlock: Sendable {
    package var pattern: String
    package var range: SourceRange
    /// The enclosing block's index in `matches`, if any.
    package var parent: Int?
  }

  /// An `allow` statement.
  package struct Allow: Sendable {
    package var methods: [Method]
    package var range: SourceRange
    /// Nil for `allow read;`, which can only grant.
    package var conditionRange: SourceRange?
    /// `if false`: the statement can never grant, so it can never be covered and coverage
    /// totals leave it out.
    package var isNever: Bool
  }

  /// A user function: its name, its name's range and its body's (which identifies it in traces).
  package struct Function: Sendable {
    package var name: String
    package var nameRange: SourceRange
    package var bodyRange: SourceRange
    /// The whole declaration.
    package var range: SourceRange
  }

  /// A sub-expression the evaluator evaluates (and records) on its own.
  package struct Expression: Sendable {
    package var range: SourceRange
    /// Whether its value decides a branch: an allow condition, an operand of `&&` or `||`, or a
    /// ternary's condition. Only these are expected to be both true and false. (A
    /// function body is not one: its call is, where the call is an operand.)
    package var isCondition: Bool
  }

  package var matches: [MatchBlock] = []
  package var allows: [Allow] = []
  package var functions: [Function] = []
  /// In source order, without repeats.
  package var expressions: [Expression] = []
}

extension Ruleset {
  /// The coverage targets of this ruleset, in source order.
  package var coverageTargets: CoverageTargets {
    var targets = CoverageTargets()
    var walker = EvaluatedExpressions()
    let scopes = self.scopes
    for node in nodes {
      // The enclosing match block (the service body is none).
      let parent = scopes.blocks[node.scope].parent.flatMap { $0 >= scopes.firstMatch ? $0 - scopes.firstMatch : nil }
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
    // A second declaration of a name in one block (an error) is never called: not a target.
    for (index, function) in scopes.functions.enumerated() where scopes.isFirstDeclaration(index) {
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
