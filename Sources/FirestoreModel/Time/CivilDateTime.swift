/// A proleptic-Gregorian date and time in UTC, with nanoseconds: the calendar view of a
/// `Timestamp`. Computed with integer arithmetic only (no Foundation calendar), so results
/// are the same on every machine.
package struct CivilDateTime: Hashable, Sendable {
  package var year: Int
  /// 1-12
  package var month: Int
  /// 1-31
  package var day: Int
  /// 0-23
  package var hour: Int
  /// 0-59
  package var minute: Int
  /// 0-59 (leap seconds do not exist in Firestore timestamps)
  package var second: Int
  /// 0-999,999,999
  package var nanos: Int32

  package init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nanos: Int32 = 0) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
    self.nanos = nanos
  }

  /// Whether every field is in range (the day must exist in that month and year).
  package var isValid: Bool {
    (1...12).contains(month) && day >= 1 && day <= CivilCalendar.daysInMonth(year: year, month: month)
      && (0...23).contains(hour) && (0...59).contains(minute) && (0...59).contains(second)
      && (0..<1_000_000_000).contains(nanos)
  }

  /// ISO weekday: 1 = Monday ... 7 = Sunday.
  package var dayOfWeek: Int {
    let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
    // 1970-01-01 was a Thursday (4).
    let offset = Int((days % 7 + 7) % 7)
    return (offset + 3) % 7 + 1
  }

  /// 1-366
  package var dayOfYear: Int {
    Int(
      CivilCalendar.daysFromCivil(year: year, month: month, day: day)
        - CivilCalendar.daysFromCivil(year: year, month: 1, day: 1)) + 1
  }
}

/// Integer calendar arithmetic on the proleptic Gregorian calendar.
package enum CivilCalendar {
  /// Whether `year` has a February 29th.
  package static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// The number of days in a month (1-12) of a year.
  package static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 1, 3, 5, 7, 8, 10, 12: 31
    case 4, 6, 9, 11: 30
    case 2: isLeapYear(year) ? 29 : 28
    default: 0
    }
  }

  /// Days since 1970-01-01 for a civil date (month 1-12, day 1-31).
  ///
  /// Shifts the year to start in March, so the leap day is the last day of the shifted
  /// year, then counts 400-year eras of 146,097 days.
  package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400  // 0...399
    let shiftedMonth = Int64(month > 2 ? month - 3 : month + 9)  // March = 0
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(day) - 1  // 0...365
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear  // 0...146096
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date of a day count since 1970-01-01 (the inverse of `daysFromCivil`).
  package static func civilFromDays(_ days: Int64) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (Int(year), Int(month), Int(day))
  }
}
