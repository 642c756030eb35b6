/// Folds literal-only expressions to a constant, as the engine would evaluate them: `1 == 1`,
/// `'a' < 'b'`, `!false`, and the absorbing `x || true` / `x && false` (which hold even when `x`
/// is an error, rules-language §6.5). Anything else is not constant (`nil`).
enum ConstantFolding {
  enum Constant: Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case float(Double)
    case string(String)
  }

  static func fold(_ expr: Expr) -> Constant? {
    switch expr.kind {
    case .null: return .null
    case .bool(let b): return .bool(b)
    case .int(let i): return .int(i)
    case .float(let f): return .float(f)
    case .string(let s): return .string(s)
    case .unary(.not, let operand):
      if case .bool(let b)? = fold(operand) { return .bool(!b) }
      return nil
    case .binary(.or, let l, let r):
      let a = fold(l)
      let b = fold(r)
      if a == .bool(true) || b == .bool(true) { return .bool(true) }
      if a == .bool(false), b == .bool(false) { return .bool(false) }
      return nil
    case .binary(.and, let l, let r):
      let a = fold(l)
      let b = fold(r)
      if a == .bool(false) || b == .bool(false) { return .bool(false) }
      if a == .bool(true), b == .bool(true) { return .bool(true) }
      return nil
    case .binary(let op, let l, let r):
      guard let a = fold(l), let b = fold(r) else { return nil }
      return compare(op, a, b)
    default:
      return nil
    }
  }

  private static func compare(_ op: BinaryOperator, _ a: Constant, _ b: Constant) -> Constant? {
    func number(_ c: Constant) -> Double? {
      switch c {
      case .int(let i): Double(i)
      case .float(let f): f
      default: nil
      }
    }
    switch op {
    case .equal, .notEqual:
      let equal: Bool
      if let x = number(a), let y = number(b) {
        equal = x == y
      } else {
        equal = a == b
      }
      return .bool(op == .equal ? equal : !equal)
    case .less, .lessEqual, .greater, .greaterEqual:
      if let x = number(a), let y = number(b) {
        guard !x.isNaN, !y.isNaN else { return nil }
        return .bool(order(op, x < y, x == y))
      }
      if case .string(let x) = a, case .string(let y) = b {
        let less = x.utf8.lexicographicallyPrecedes(y.utf8)
        return .bool(order(op, less, x.utf8.elementsEqual(y.utf8)))
      }
      return nil
    default:
      return nil
    }
  }

  private static func order(_ op: BinaryOperator, _ less: Bool, _ equal: Bool) -> Bool {
    switch op {
    case .less: less
    case .lessEqual: less || equal
    case .greater: !less && !equal
    default: !less
    }
  }
}
