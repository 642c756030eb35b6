extension Expr {
  /// The direct sub-expressions, in source order (path interpolations and map values included).
  package var children: [Expr] {
    switch kind {
    case .null, .bool, .int, .float, .string, .bytes, .identifier, .invalid: []
    case .list(let items): items
    case .map(let entries): entries.map(\.value)
    case .path(let segments): segments.compactMap { if case .interpolation(let inner) = $0 { inner } else { nil } }
    case .member(let base, _): [base]
    case .call(_, let args): args
    case .methodCall(let receiver, _, let args): [receiver] + args
    case .index(let base, let index): [base, index]
    case .slice(let base, let lower, let upper): [base] + [lower, upper].compactMap { $0 }
    case .unary(_, let operand): [operand]
    case .binary(_, let left, let right): [left, right]
    case .typeTest(let operand, _): [operand]
    case .ternary(let condition, let then, let otherwise): [condition, then, otherwise]
    }
  }

  /// The innermost sub-expression (this one included) whose range covers `offset`, with the
  /// chain of its ancestors, outermost first. nil when `offset` is outside this expression.
  package func innermost(at offset: Int) -> [Expr]? {
    guard range.start <= offset, offset <= range.end else { return nil }
    for child in children {
      if let path = child.innermost(at: offset) { return [self] + path }
    }
    return [self]
  }
}
