import FirestoreModel

/// Calendar and range arithmetic for timestamps and durations (proleptic Gregorian, UTC).
enum TimeMath {
  static let nanosPerSecond: Int64 = 1_000_000_000
  /// `0001-01-01T00:00:00Z`
  static let minTimestampSeconds: Int64 = -62_135_596_800
  /// `9999-12-31T23:59:59Z` (nanos may go up to 999,999,999)
  static let maxTimestampSeconds: Int64 = 253_402_300_799
  /// Durations span ±10,000 years: ±315,576,000,000 seconds.
  static let maxDurationSeconds: Int64 = 315_576_000_000

  /// A civil date.
  struct CivilDate: Equatable {
    var year: Int64
    var month: Int64
    var day: Int64
  }

  /// Days since 1970-01-01 for a civil date (Howard Hinnant's `days_from_civil`).
  static func days(from date: CivilDate) -> Int64 {
    let y = date.month <= 2 ? date.year - 1 : date.year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let shiftedMonth = date.month > 2 ? date.month - 3 : date.month + 9
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + date.day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date of a day count since 1970-01-01 (`civil_from_days`).
  static func civil(fromDays days: Int64) -> CivilDate {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return CivilDate(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
  }

  static func isLeapYear(_ year: Int64) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  static func daysInMonth(year: Int64, month: Int64) -> Int64 {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

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
    guard t.seconds >= minTimestampSeconds, t.seconds <= maxTimestampSeconds else {
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
    guard abs(s) <= maxDurationSeconds else { throw .outOfRange("duration") }
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
