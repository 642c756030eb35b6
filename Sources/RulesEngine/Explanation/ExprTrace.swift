import RulesLanguage

/// A value observed while evaluating: a rules value, an error (`⊥`), or nothing because
/// the expression was short-circuited.
package enum TraceValue: Sendable {
  case value(RulesValue)
  case error(EvalError)
  case notEvaluated

  /// Whether this is exactly `true`.
  package var isTrue: Bool {
    if case .value(.bool(true)) = self { return true }
    return false
  }

  /// Whether this is exactly `false`.
  package var isFalse: Bool {
    if case .value(.bool(false)) = self { return true }
    return false
  }

  /// The error, if evaluation failed.
  package var error: EvalError? {
    if case .error(let error) = self { return error }
    return nil
  }
}

/// What an `ExprTrace` node stands for; the renderers and the culprit search use it.
package enum TraceNodeKind: Hashable, Sendable {
  /// Any other expression (literal, variable, member, comparison, method call, ...).
  case expression
  case and
  case or
  case not
  case ternary
  /// A call of the user function with this name; its last child is the function body.
  case call(String)
  /// The body (`return` expression) of the named user function, evaluated for a call.
  case functionBody(String)
  /// A `let` binding inside a function body.
  case letBinding(String)
  /// A `debug(x)` call: its value is the debug output.
  case debug
  /// A document lookup: `get`, `exists`, `getAfter` or `existsAfter`.
  case lookup(String)
}

/// One evaluated sub-expression: where it is in the source, its value, and the
/// sub-expressions evaluated for it (short-circuited ones have value `.notEvaluated`).
package struct ExprTrace: Sendable {
  package var kind: TraceNodeKind
  package var range: SourceRange
  package var value: TraceValue
  package var children: [ExprTrace]

  package init(kind: TraceNodeKind, range: SourceRange, value: TraceValue, children: [ExprTrace] = []) {
    self.kind = kind
    self.range = range
    self.value = value
    self.children = children
  }

  /// The chain of nodes from this one down to the deepest sub-expression whose value made
  /// this node fail (be anything but `true`). Empty when this node is `true`.
  ///
  /// In `a && b == c` where `b == c` is false the chain ends at `b == c`; when a member
  /// access errors the chain ends at that access. Calls continue into the function body.
  package var failureChain: [ExprTrace] {
    if value.isTrue { return [] }
    var chain: [ExprTrace] = [self]
    var node = self
    while let next = node.culpritChild {
      chain.append(next)
      node = next
    }
    return chain
  }

  /// The child responsible for this node's failing value, if one is.
  private var culpritChild: ExprTrace? {
    let evaluated = children.filter { if case .notEvaluated = $0.value { false } else { true } }
    switch value {
    case .notEvaluated:
      return nil
    case .error(let error):
      // The first evaluated child carrying the same error caused it.
      return evaluated.first { $0.value.error == error }
    case .value(.bool(false)):
      switch kind {
      case .and:
        return evaluated.first { $0.value.isFalse }
      case .or:
        // Every evaluated side is false: no single culprit unless only one side ran.
        return evaluated.count == 1 ? evaluated[0] : nil
      case .ternary, .call, .functionBody:
        return evaluated.last { $0.value.isFalse }
      case .letBinding, .debug:
        return evaluated.last
      case .expression, .not, .lookup:
        return nil
      }
    case .value:
      switch kind {
      case .ternary, .call, .functionBody, .debug:
        return evaluated.last
      default:
        return nil
      }
    }
  }
}
