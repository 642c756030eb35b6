import FirestoreModel

/// Range arithmetic for timestamps and durations as the rules language reports it (errors
/// are `EvalError`s); calendar fields come from FirestoreModel's `CivilCalendar`.
enum TimeMath {
  static let nanosPerSecond: Int64 = 1_000_000_000
  /// Durations span ±10,000 years: ±315,576,000,000 seconds.
  static let maxDurationSeconds: Int64 = 315_576_000_000

  /// Whole days since the epoch and the second within that day (always 0..<86400).
  static func split(_ t: Timestamp) -> (days: Int64, secondOfDay: Int64) {
    let (days, secondOfDay) = floorDivision(t.seconds, 86_400)
    return (days, secondOfDay)
  }

  /// Quotient rounded toward negative infinity, and the (non-negative) remainder.
  static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let remainder = value % divisor
    return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
  }

  /// Throws unless `t` lies within `0001-01-01` … `9999-12-31T23:59:59.999999999Z`.
  static func checked(_ t: Timestamp) throws(EvalError) -> Timestamp {
    guard t.seconds >= Timestamp.minimum.seconds, t.seconds <= Timestamp.maximum.seconds else {
      throw .outOfRange("timestamp")
    }
    return t
  }

  /// A duration from a total nanosecond count split into seconds and same-signed nanos.
  static func duration(seconds: Int64, nanos: Int64) throws(EvalError) -> RulesDuration {
    var s = try sum(seconds, nanos / nanosPerSecond)
    var n = nanos % nanosPerSecond
    if s > 0 && n < 0 {
      s -= 1
      n += nanosPerSecond
    } else if s < 0 && n > 0 {
      s += 1
      n -= nanosPerSecond
    }
    // Not `abs(s)`: it traps on Int64.min (`duration.value(-9223372036854775808, 's')`).
    guard (-maxDurationSeconds...maxDurationSeconds).contains(s) else { throw .outOfRange("duration") }
    return RulesDuration(seconds: s, nanos: Int32(n))
  }

  static func negate(_ d: RulesDuration) -> RulesDuration {
    RulesDuration(seconds: -d.seconds, nanos: -d.nanos)
  }

  static func add(_ a: RulesDuration, _ b: RulesDuration) throws(EvalError) -> RulesDuration {
    try duration(seconds: try sum(a.seconds, b.seconds), nanos: Int64(a.nanos) + Int64(b.nanos))
  }

  static func add(_ t: Timestamp, _ d: RulesDuration) throws(EvalError) -> Timestamp {
    var seconds = try sum(t.seconds, d.seconds)
    var nanos = Int64(t.nanos) + Int64(d.nanos)
    if nanos >= nanosPerSecond {
      seconds += 1
      nanos -= nanosPerSecond
    } else if nanos < 0 {
      seconds -= 1
      nanos += nanosPerSecond
    }
    return try checked(Timestamp(seconds: seconds, nanos: Int32(nanos)))
  }

  /// `a - b` as a duration.
  static func difference(_ a: Timestamp, _ b: Timestamp) throws(EvalError) -> RulesDuration {
    let (seconds, overflow) = a.seconds.subtractingReportingOverflow(b.seconds)
    if overflow { throw .outOfRange("duration") }
    return try duration(seconds: seconds, nanos: Int64(a.nanos) - Int64(b.nanos))
  }

  /// `a + b`, or an out-of-range error when it overflows (only for values already far out of range).
  private static func sum(_ a: Int64, _ b: Int64) throws(EvalError) -> Int64 {
    let (result, overflow) = a.addingReportingOverflow(b)
    if overflow { throw .outOfRange("timestamp") }
    return result
  }
}
