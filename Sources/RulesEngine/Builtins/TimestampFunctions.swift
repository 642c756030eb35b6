import FirestoreModel

/// Methods on `timestamp`, all in UTC: `year()` … `nanos()`, `dayOfWeek()` (1 = Monday),
/// `dayOfYear()`, `date()` (midnight), `time()` (a duration since midnight), `toMillis()`.
enum TimestampMethods {
  static func call(_ t: Timestamp, _ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    let known: Set<String> = [
      "year", "month", "day", "hours", "minutes", "seconds", "nanos", "dayOfWeek", "dayOfYear", "date",
      "time", "toMillis",
    ]
    guard known.contains(name) else { throw .functionNotFound(name) }
    try Arguments.expect(args, count: 0, name)
    let (days, secondOfDay) = TimeMath.split(t)
    let date = CivilCalendar.civilFromDays(days)
    switch name {
    case "year": return .int(Int64(date.year))
    case "month": return .int(Int64(date.month))
    case "day": return .int(Int64(date.day))
    case "hours": return .int(secondOfDay / 3600)
    case "minutes": return .int(secondOfDay / 60 % 60)
    case "seconds": return .int(secondOfDay % 60)
    case "nanos": return .int(Int64(t.nanos))
    case "dayOfWeek":
      // 1970-01-01 was a Thursday (ISO 4).
      return .int(((days + 3) % 7 + 7) % 7 + 1)
    case "dayOfYear":
      return .int(days - CivilCalendar.daysFromCivil(year: date.year, month: 1, day: 1) + 1)
    case "date":
      return .timestamp(Timestamp(seconds: days * 86_400))
    case "time":
      return .duration(RulesDuration(seconds: secondOfDay, nanos: t.nanos))
    default:  // toMillis: floor, since nanos are never negative
      let (millis, overflow) = t.seconds.multipliedReportingOverflow(by: 1000)
      if overflow { throw .integerOverflow }
      return .int(millis + Int64(t.nanos / 1_000_000))
    }
  }
}

/// `timestamp.date(year, month, day)` and `timestamp.value(epochMillis)`.
enum TimestampFunctions {
  static func call(_ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    switch name {
    case "date":
      try Arguments.expect(args, count: 3, "timestamp.date")
      guard case .int(let year) = args[0], case .int(let month) = args[1], case .int(let day) = args[2] else {
        throw .badArguments("timestamp", name, args, expected: "int,int,int")
      }
      guard (1...9999).contains(year), (1...12).contains(month),
        (1...Int64(CivilCalendar.daysInMonth(year: Int(year), month: Int(month)))).contains(day)
      else {
        throw EvalError("Invalid date: timestamp.date(\(year), \(month), \(day)).")
      }
      let days = CivilCalendar.daysFromCivil(year: Int(year), month: Int(month), day: Int(day))
      return .timestamp(Timestamp(seconds: days * 86_400))
    case "value":
      let argument = try Arguments.single(args, "timestamp.value")
      guard case .int(let millis) = argument else { throw .badArguments("timestamp", name, args, expected: "int") }
      let (seconds, remainder) = TimeMath.floorDivision(millis, 1000)
      let nanos = Int32(remainder * 1_000_000)
      return .timestamp(try TimeMath.checked(Timestamp(seconds: seconds, nanos: nanos)))
    default:
      throw .functionNotFound("timestamp.\(name)")
    }
  }
}
