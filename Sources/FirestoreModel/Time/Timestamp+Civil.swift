extension Timestamp {
  /// The earliest Firestore timestamp, 0001-01-01T00:00:00Z.
  package static let minimum = Timestamp(seconds: -62_135_596_800, nanos: 0)
  /// The latest Firestore timestamp, 9999-12-31T23:59:59.999999999Z.
  package static let maximum = Timestamp(seconds: 253_402_300_799, nanos: 999_999_999)

  /// Whether nanos are normalized (0..<1e9) and the instant is within Firestore's range.
  package var isValid: Bool {
    (0..<1_000_000_000).contains(nanos) && self >= .minimum && self <= .maximum
  }

  /// A timestamp from UTC calendar fields; nil when a field is out of range or the result
  /// falls outside 0001-01-01..9999-12-31.
  package init?(civil: CivilDateTime) {
    guard civil.isValid, (1...9999).contains(civil.year) else { return nil }
    let days = CivilCalendar.daysFromCivil(year: civil.year, month: civil.month, day: civil.day)
    let seconds = days * 86_400 + Int64(civil.hour * 3600 + civil.minute * 60 + civil.second)
    self.init(seconds: seconds, nanos: civil.nanos)
  }

  /// The UTC calendar fields of this instant (nanos assumed normalized).
  package var civil: CivilDateTime {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = Int(seconds - days * 86_400)
    let (year, month, day) = CivilCalendar.civilFromDays(days)
    return CivilDateTime(
      year: year, month: month, day: day, hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60,
      second: secondOfDay % 60, nanos: nanos)
  }

  /// Milliseconds since the Unix epoch, rounded toward negative infinity.
  package var millisecondsSinceEpoch: Int64 {
    seconds * 1000 + Int64(nanos / 1_000_000)
  }

  /// The instant `milliseconds` after the Unix epoch; nil outside Firestore's range.
  package init?(millisecondsSinceEpoch milliseconds: Int64) {
    let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: 1000)
    let seconds = remainder < 0 ? quotient - 1 : quotient
    let millis = remainder < 0 ? remainder + 1000 : remainder
    self.init(seconds: seconds, nanos: Int32(millis) * 1_000_000)
    guard isValid else { return nil }
  }
}
