#if canImport(Glibc)
  import Glibc
  private func power(_ base: Double, _ exponent: Double) -> Double { Glibc.pow(base, exponent) }
#elseif canImport(Darwin)
  import Darwin
  private func power(_ base: Double, _ exponent: Double) -> Double { Darwin.pow(base, exponent) }
#endif

/// `math.*`: `abs ceil floor round sqrt pow isNaN`. `math.isInfinite` is documented but
/// production reports it missing, so it is not found here.
///
/// `ceil`/`floor`/`round` return ints and error on non-finite or out-of-range input;
/// `round` of a negative half (`-2.5`) is an error because the engine's rounding mode
/// is unknown; `sqrt` of a negative number is NaN (IEEE 754; the spec leaves it open).
enum MathFunctions {
  static func call(_ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    switch name {
    case "abs":
      switch try Arguments.single(args, "math.abs") {
      case .int(let i):
        guard i != .min else { throw .integerOverflow }
        return .int(Swift.abs(i))
      case .float(let f): return .float(Swift.abs(f))
      default: throw badNumber(name, args)
      }
    case "ceil": return try integral(name, args) { $0.rounded(.up) }
    case "floor": return try integral(name, args) { $0.rounded(.down) }
    case "round":
      return try integral(name, args) { (x: Double) throws(EvalError) -> Double in
        if x < 0, x - x.rounded(.towardZero) == -0.5 {
          throw EvalError("math.round of a negative half (\(JavaNumberFormat.string(x))) is not supported.")
        }
        return x.rounded(.toNearestOrAwayFromZero)
      }
    case "sqrt":
      guard let x = Arguments.number(try Arguments.single(args, "math.sqrt")) else { throw badNumber(name, args) }
      return .float(x.squareRoot())
    case "pow":
      try Arguments.expect(args, count: 2, "math.pow")
      guard let base = Arguments.number(args[0]), let exponent = Arguments.number(args[1]) else {
        throw .badArguments("math", name, args, expected: "number,number")
      }
      return .float(power(base, exponent))
    case "isNaN":
      guard let x = Arguments.number(try Arguments.single(args, "math.isNaN")) else { throw badNumber(name, args) }
      return .bool(x.isNaN)
    default:
      throw .functionNotFound("math.\(name)")
    }
  }

  /// An int argument unchanged, or a float argument rounded by `rule` and converted to int.
  private static func integral(
    _ name: String, _ args: [RulesValue], _ rule: (Double) throws(EvalError) -> Double
  ) throws(EvalError) -> RulesValue {
    switch try Arguments.single(args, "math.\(name)") {
    case .int(let i): return .int(i)
    case .float(let f):
      guard let i = Int64(exactly: try rule(f)) else {
        throw EvalError("math.\(name) of \(JavaNumberFormat.string(f)) is not representable as an int.")
      }
      return .int(i)
    default: throw badNumber(name, args)
    }
  }

  private static func badNumber(_ name: String, _ args: [RulesValue]) -> EvalError {
    .badArguments("math", name, args, expected: "number")
  }
}
