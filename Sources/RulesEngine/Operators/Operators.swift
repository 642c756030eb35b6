import RulesLanguage

/// The rules language's operators on plain values.
///
/// `&&` and `||` are not here: they absorb errors and short-circuit, so the evaluator
/// handles them on unevaluated operands.
package enum Operators {
  /// `l op r` for arithmetic, comparison, equality and `in`.
  ///
  /// Throws for `&&`/`||` (the evaluator's), for unsupported operand types, integer
  /// overflow and division by zero.
  package static func binary(_ op: BinaryOperator, _ l: RulesValue, _ r: RulesValue) throws(EvalError)
    -> RulesValue
  {
    switch op {
    case .equal: return .bool(l.rulesEquals(r))
    case .notEqual: return .bool(!l.rulesEquals(r))
    case .less, .lessEqual, .greater, .greaterEqual:
      return .bool(try compare(op, l, r))
    case .in: return .bool(try contains(r, l))
    case .add: return try add(l, r)
    case .subtract: return try subtract(l, r)
    case .multiply: return try multiply(l, r)
    case .divide: return try divide(l, r)
    case .remainder: return try remainder(l, r)
    case .and, .or:
      throw EvalError("Internal error: '\(op.rawValue)' must be evaluated by the evaluator.")
    }
  }

  /// `!x` (bool only) and `-x` (int, float).
  package static func unary(_ op: UnaryOperator, _ value: RulesValue) throws(EvalError) -> RulesValue {
    switch (op, value) {
    case (.not, .bool(let b)): return .bool(!b)
    case (.negate, .int(let i)):
      let (result, overflow) = Int64(0).subtractingReportingOverflow(i)
      if overflow { throw .integerOverflow }
      return .int(result)
    case (.negate, .float(let f)): return .float(-f)
    case (.not, _):
      throw .unsupported(received: "!\(value.typeName)", expected: "!bool")
    case (.negate, _):
      throw .unsupported(received: "-\(value.typeName)", expected: "-int, -float")
    }
  }

  /// `value is typeName`: the runtime type test. `number` matches ints and floats;
  /// `null` matches only `null`; unknown names (and `constraint`) match nothing.
  package static func isType(_ value: RulesValue, _ typeName: String) -> Bool {
    switch typeName {
    case "number":
      if case .int = value { return true }
      if case .float = value { return true }
      return false
    default:
      return value.typeName == typeName
    }
  }

  /// An error for `l op r` whose operand types the operator does not support.
  static func unsupportedOperands(_ op: BinaryOperator, _ l: RulesValue, _ r: RulesValue) -> EvalError {
    EvalError("Unsupported operation error. Received: \(l.typeName) \(op.rawValue) \(r.typeName).")
  }
}
