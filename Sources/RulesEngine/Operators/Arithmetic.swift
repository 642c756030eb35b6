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
    case (.int(let a), .int(let b)): return .int(try checked(a.addingReportingOverflow(b)))
    case (.string(let a), .string(let b)):
      try ValueSize.check(byteCount: a.utf8.count + b.utf8.count)
      return .string(a + b)
    case (.timestamp(let t), .duration(let d)), (.duration(let d), .timestamp(let t)):
      return .timestamp(try TimeMath.add(t, d))
    case (.duration(let a), .duration(let b)): return .duration(try TimeMath.add(a, b))
    default:
      guard let (a, b) = floats(l, r) else { throw unsupportedOperands(.add, l, r) }
      return .float(a + b)
    }
  }

  static func subtract(_ l: RulesValue, _ r: RulesValue) throws(EvalError) -> RulesValue {
    switch (l, r) {
    case (.int(let a), .int(let b)): return .int(try checked(a.subtractingReportingOverflow(b)))
    case (.timestamp(let t), .duration(let d)): return .timestamp(try TimeMath.add(t, TimeMath.negate(d)))
    case (.timestamp(let a), .timestamp(let b)): return .duration(try TimeMath.difference(a, b))
    case (.duration(let a), .duration(let b)): return .duration(try TimeMath.add(a, TimeMath.negate(b)))
    default:
      guard let (a, b) = floats(l, r) else { throw unsupportedOperands(.subtract, l, r) }
      return .float(a - b)
    }
  }

  static func multiply(_ l: RulesValue, _ r: RulesValue) throws(EvalError) -> RulesValue {
    if case (.int(let a), .int(let b)) = (l, r) { return .int(try checked(a.multipliedReportingOverflow(by: b))) }
    guard let (a, b) = floats(l, r) else { throw unsupportedOperands(.multiply, l, r) }
    return .float(a * b)
  }

  static func divide(_ l: RulesValue, _ r: RulesValue) throws(EvalError) -> RulesValue {
    if case (.int(let a), .int(let b)) = (l, r) {
      if b == 0 { throw .divideByZero }
      return .int(try checked(a.dividedReportingOverflow(by: b)))  // truncates toward zero
    }
    guard let (a, b) = floats(l, r) else { throw unsupportedOperands(.divide, l, r) }
    if b == 0 { throw .divideByZero }
    return .float(a / b)
  }

  static func remainder(_ l: RulesValue, _ r: RulesValue) throws(EvalError) -> RulesValue {
    if case (.int(let a), .int(let b)) = (l, r) {
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
    case (.float(let a), .float(let b)): (a, b)
    case (.int(let a), .float(let b)): (Double(a), b)
    case (.float(let a), .int(let b)): (a, Double(b))
    default: nil
    }
  }

  private static func checked(_ result: (partialValue: Int64, overflow: Bool)) throws(EvalError) -> Int64 {
    if result.overflow { throw .integerOverflow }
    return result.partialValue
  }
}
