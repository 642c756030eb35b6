import RulesEngine
import RulesLanguage

/// Conditions: `&&`, `||`, `!`, ternary tests and allow conditions, in three-valued logic
/// with the engine's commutative error absorption (rules-semantics §6.5): a decisive side wins
/// (`false` for `&&`, `true` for `||`) whatever the other side is, including an error or an
/// unknown; otherwise an unknown side makes the result unknown, and an error an error.
extension ProofEvaluator {
  /// Evaluates `expr` where a bool is required and returns its truth. Obstacles recorded
  /// inside are dropped when it comes out true; a non-true leaf with no recorded reason
  /// gets one of its own.
  func condition(_ expr: Expr, _ scope: ProofScope) throws(EvalError) -> ProofTruth {
    let mark = obstacles.count
    let truth = self.truth(of: try eval(expr, scope), expr)
    if truth.isTrue {
      obstacles.removeSubrange(mark...)
    } else if obstacles.count == mark, !Self.isConnective(expr) {
      recordLeaf(expr, truth, inner: true)
    }
    return truth
  }

  /// The truth of a value in a condition: bools as themselves, other values are type errors,
  /// a document field stands for `field == true`.
  func truth(of value: ProofValue, _ expr: Expr) -> ProofTruth {
    switch value {
    case .value(.bool(let b)): return ProofTruth(b)
    case .value(let other): return .error(.typeError(received: other.typeName, expected: ["bool"]))
    case .error(let error): return .error(error)
    case .unknown: return .unknown
    case .symbol(.data(let path)) where !path.isEmpty:
      let constraint = constraints.data(path)
      if constraint.compare(.equal, .bool(true), symbolOnLeft: true, database: database).isTrue { return .true }
      if constraint.compare(.equal, .bool(false), symbolOnLeft: true, database: database).isTrue { return .false }
      let reason =
        constraint.isUnconstrained
        ? "\(constraint.subject) has no filter in this query branch, so it is not known to be \(negated ? "false" : "true")"
        : "the filters (\(constraint.filterText)) do not fix \(constraint.subject) to \(negated ? "false" : "true")"
      record(
        constraint.isUnconstrained ? .unconstrained : .notImplied, expr.range, reason,
        suggestion: ProofSuggestion.boolean(field: constraint.field, negated: negated))
      return .unknown
    case .symbol(let symbol):
      let type =
        switch symbol {
        case .id: "string"
        case .name: "path"
        case .resource, .data: "map"
        }
      return .error(.typeError(received: type, expected: ["bool"]))
    }
  }

  /// `&&` / `||`.
  func evalLogical(isAnd: Bool, _ left: Expr, _ right: Expr, _ scope: ProofScope) throws(EvalError)
    -> ProofValue
  {
    let mark = obstacles.count
    let decisive: ProofTruth = isAnd ? .false : .true
    // Under `!`, `&&` needs either side fixed and `||` both (De Morgan).
    logicStack.append(LogicStep(id: nextLogicID, isAnd: isAnd != negated, side: 0))
    nextLogicID += 1
    defer { logicStack.removeLast() }
    let l = try condition(left, scope)
    if Self.same(l, decisive) { return finish(l, mark) }
    logicStack[logicStack.count - 1].side = 1
    let r = try condition(right, scope)
    if Self.same(r, decisive) { return finish(r, mark) }
    // Neither side decides: both are the neutral value, an error, or unknown.
    switch (l, r) {
    case (.unknown, _), (_, .unknown): return .unknown
    case (.error, _): return l.value
    case (_, .error): return r.value
    default: return finish(isAnd ? .true : .false, mark)
    }
  }

  private func finish(_ truth: ProofTruth, _ mark: Int) -> ProofValue {
    if truth.isTrue, obstacles.count > mark { obstacles.removeSubrange(mark...) }
    return truth.value
  }

  private static func same(_ a: ProofTruth, _ b: ProofTruth) -> Bool {
    switch (a, b) {
    case (.true, .true), (.false, .false): true
    default: false
    }
  }

  /// `&&`, `||` and ternaries: their reasons come from their operands.
  static func isConnective(_ expr: Expr) -> Bool {
    switch expr.kind {
    case .binary(.and, _, _), .binary(.or, _, _), .ternary: true
    default: false
    }
  }

  /// The reason for a leaf condition that is not true and recorded nothing itself
  /// (a concrete `false`, an error, a user function's result).
  func recordLeaf(_ expr: Expr, _ truth: ProofTruth, inner: Bool = false) {
    switch truth {
    case .true: return
    case .false: record(.alwaysFalse, expr.range, "is false for this request")
    case .error(let error): record(.error, expr.range, "evaluates to an error: \(error.message)")
    case .unknown:
      // An unknown is explained where it arose (a document value, a wildcard); only a
      // top-level condition with no reason at all gets this one (see ListAuthorizer).
      if !inner { record(.unsupported, expr.range, "cannot be decided from the query") }
    }
  }
}
