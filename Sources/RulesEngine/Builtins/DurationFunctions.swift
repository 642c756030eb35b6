/// `duration.value(magnitude, unit)`, `duration.time(h, m, s, ns)` and `duration.abs(d)`.
enum DurationFunctions {
  /// Seconds per unit for the whole-second units.
  private static let secondsPerUnit: [String: Int64] = ["w": 604_800, "d": 86_400, "h": 3600, "m": 60, "s": 1]

  static func call(_ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    switch name {
    case "value":
      try Arguments.expect(args, count: 2, "duration.value")
      guard case .int(let magnitude) = args[0], case .string(let unit) = args[1] else {
        throw .badArguments("duration", name, args, expected: "int,string")
      }
      return .duration(try value(magnitude, unit))
    case "time":
      try Arguments.expect(args, count: 4, "duration.time")
      guard case .int(let h) = args[0], case .int(let m) = args[1], case .int(let s) = args[2],
        case .int(let ns) = args[3]
      else {
        throw .badArguments("duration", name, args, expected: "int,int,int,int")
      }
      let seconds = try total([(h, 3600), (m, 60), (s, 1)])
      return .duration(try TimeMath.duration(seconds: seconds, nanos: ns))
    case "abs":
      let argument = try Arguments.single(args, "duration.abs")
      guard case .duration(let d) = argument else { throw .badArguments("duration", name, args, expected: "duration") }
      return .duration(d.seconds < 0 || d.nanos < 0 ? TimeMath.negate(d) : d)
    default:
      throw .functionNotFound("duration.\(name)")
    }
  }

  /// Units `w d h m s ms ns`; any other unit is an error.
  static func value(_ magnitude: Int64, _ unit: String) throws(EvalError) -> RulesDuration {
    switch unit {
    case "ms": return try TimeMath.duration(seconds: magnitude / 1000, nanos: magnitude % 1000 * 1_000_000)
    case "ns": return try TimeMath.duration(seconds: 0, nanos: magnitude)
    default:
      guard let factor = secondsPerUnit[unit] else {
        throw EvalError("Invalid duration unit '\(unit)'. Expected one of: w, d, h, m, s, ms, ns.")
      }
      return try TimeMath.duration(seconds: try total([(magnitude, factor)]), nanos: 0)
    }
  }

  /// Σ value × factor, or a range error on int64 overflow.
  private static func total(_ terms: [(Int64, Int64)]) throws(EvalError) -> Int64 {
    var sum: Int64 = 0
    for (value, factor) in terms {
      let (product, overflow1) = value.multipliedReportingOverflow(by: factor)
      let (next, overflow2) = sum.addingReportingOverflow(product)
      if overflow1 || overflow2 { throw .outOfRange("duration") }
      sum = next
    }
    return sum
  }
}

/// Methods on `duration`: `seconds()` and `nanos()` (same sign as the seconds).
enum DurationMethods {
  static func call(_ d: RulesDuration, _ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    switch name {
    case "seconds":
      try Arguments.expect(args, count: 0, name)
      return .int(d.seconds)
    case "nanos":
      try Arguments.expect(args, count: 0, name)
      return .int(Int64(d.nanos))
    default:
      throw .functionNotFound(name)
    }
  }
}
