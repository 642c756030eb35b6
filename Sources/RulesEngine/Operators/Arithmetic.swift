import FirestoreModel
import RulesLanguage

/// `+ - * / %` on numbers, plus string concatenation and timestamp/duration arithmetic.
///
/// int ⊕ int stays int and errors on int64 overflow; int ⊕ float coerces to float.
/// Division and modulo by zero are errors for floats too (fail closed: the engine's
/// float behaviour is unknown).
extension Operators {
  static func add(_ l: RulesValue, _ r: RulesValue) throws(EvalError) -> RulesValue {
    switch (l, r) {
    case let (.int(a), .int(b)): return .int(try checked(a.addingReportingOverflow(b)))
    case let (.string(a), .string(b)): return .string(a + b)
    case let (.timestamp(t), .duration(d)), let (.duration(d), .timestamp(t)):
      return .timestamp(try TimeMath.add(t, d))
    case let (.duration(a), .duration(b)): return .duration(try TimeMath.add(a, b))
    default:
      guard let (a, b) = floats(l, r) else { throw unsupportedOperands(.add, l, r) }
      return .float(a + b)
    }
  }

  static func subtract(_ l: RulesValue, _ r: RulesValue) throws(EvalError) -> RulesValue {
    switch (l, r) {
    case let (.int(a), .int(b)): return .int(try checked(a.subtractingReportingOverflow(b)))
    case let (.timestamp(t), .duration(d)): return .timestamp(try TimeMath.add(t, TimeMath.negate(d)))
    case let (.timestamp(a), .timestamp(b)): return .duration(try TimeMath.difference(a, b))
    case let (.duration(a), .duration(b)): return .duration(try TimeMath.add(a, TimeMath.negate(b)))
    default:
      guard let (a, b) = floats(l, r) else { throw unsupportedOperands(.subtract, l, r) }
      return .float(a - b)
    }
  }

  static func multiply(_ l: RulesValue, _ r: RulesValue) throws(EvalError) -> RulesValue {
    if case let (.int(a), .int(b)) = (l, r) { return .int(try checked(a.multipliedReportingOverflow(by: b))) }
    guard let (a, b) = floats(l, r) else { throw unsupportedOperands(.multiply, l, r) }
    return .float(a * b)
  }

  static func divide(_ l: RulesValue, _ r: RulesValue) throws(EvalError) -> RulesValue {
    if case let (.int(a), .int(b)) = (l, r) {
      if b == 0 { throw .divideByZero }
      return .int(try checked(a.dividedReportingOverflow(by: b)))  // truncates toward zero
    }
    guard let (a, b) = floats(l, r) else { throw unsupportedOperands(.divide, l, r) }
    if b == 0 { throw .divideByZero }
    return .float(a / b)
  }

  static func remainder(_ l: RulesValue, _ r: RulesValue) throws(EvalError) -> RulesValue {
    if case let (.int(a), .int(b)) = (l, r) {
      if b == 0 { throw .divideByZero }
      // Sign of the dividend (Java/CEL); Int64.min % -1 is 0, not an overflow.
      return .int(b == -1 ? 0 : a % b)
    }
    guard let (a, b) = floats(l, r) else { throw unsupportedOperands(.remainder, l, r) }
    if b == 0 { throw .divideByZero }
    return .float(a.truncatingRemainder(dividingBy: b))
  }

  /// Both operands as floats when at least one is a float and the other a number.
  private static func floats(_ l: RulesValue, _ r: RulesValue) -> (Double, Double)? {
    switch (l, r) {
    case let (.float(a), .float(b)): (a, b)
    case let (.int(a), .float(b)): (Double(a), b)
    case let (.float(a), .int(b)): (a, Double(b))
    default: nil
    }
  }

  private static func checked(_ result: (partialValue: Int64, overflow: Bool)) throws(EvalError) -> Int64 {
    if result.overflow { throw .integerOverflow }
    return result.partialValue
  }
}
