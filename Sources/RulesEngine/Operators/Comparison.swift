import RulesLanguage

/// `< <= > >=`: defined for numbers (int/float mixed by coercion), strings (by code
/// point), timestamps and durations. Everything else, and any cross-type pair, is an error.
extension Operators {
  static func compare(_ op: BinaryOperator, _ l: RulesValue, _ r: RulesValue) throws(EvalError) -> Bool {
    guard let order = ordering(l, r) else { throw unsupportedOperands(op, l, r) }
    switch (op, order) {
    case (_, .unordered): return false  // NaN compares false, as in IEEE
    case (.less, let o): return o == .less
    case (.lessEqual, let o): return o != .greater
    case (.greater, let o): return o == .greater
    case (.greaterEqual, let o): return o != .less
    default: return false
    }
  }

  /// The result of ordering two values.
  enum Ordering: Equatable {
    case less, equal, greater
    /// At least one operand is NaN.
    case unordered
  }

  /// How `l` orders against `r`, or nil when the types cannot be ordered.
  static func ordering(_ l: RulesValue, _ r: RulesValue) -> Ordering? {
    switch (l, r) {
    case (.int(let a), .int(let b)): return order(a, b)
    case (.int(let a), .float(let b)): return order(Double(a), b)
    case (.float(let a), .int(let b)): return order(a, Double(b))
    case (.float(let a), .float(let b)): return order(a, b)
    case (.string(let a), .string(let b)): return stringOrder(a, b)
    case (.timestamp(let a), .timestamp(let b)): return order(a, b)
    case (.duration(let a), .duration(let b)): return order(a, b)
    default: return nil
    }
  }

  /// Lexicographic by Unicode code point; UTF-8 byte order is the same order.
  static func stringOrder(_ a: String, _ b: String) -> Ordering {
    if a.utf8.elementsEqual(b.utf8) { return .equal }
    return a.utf8.lexicographicallyPrecedes(b.utf8) ? .less : .greater
  }

  private static func order<T: Comparable>(_ a: T, _ b: T) -> Ordering {
    a < b ? .less : (b < a ? .greater : .equal)
  }

  private static func order(_ a: Double, _ b: Double) -> Ordering {
    if a.isNaN || b.isNaN { return .unordered }
    return a < b ? .less : (b < a ? .greater : .equal)
  }
}
