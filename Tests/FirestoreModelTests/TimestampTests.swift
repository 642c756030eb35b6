import FirestoreModel
import FlintTestSupport
import Testing

@Suite struct TimestampTests {
  func parse(_ text: String) throws -> Timestamp { try Timestamp(rfc3339: text) }

  func failure(_ text: String) -> TextFormatError? {
    do {
      _ = try Timestamp(rfc3339: text)
      return nil
    } catch {
      return error
    }
  }

  @Test func parsesUTCAndOffsets() throws {
    #expect(try parse("1970-01-01T00:00:00Z") == Timestamp(seconds: 0))
    #expect(try parse("2024-01-01T00:00:00Z") == Timestamp(seconds: 1_704_067_200))
    #expect(try parse("2024-01-01T09:00:00+09:00") == Timestamp(seconds: 1_704_067_200))
    #expect(try parse("2023-12-31T19:30:00-04:30") == Timestamp(seconds: 1_704_067_200))
    #expect(try parse("2024-01-01t00:00:00z") == Timestamp(seconds: 1_704_067_200))
    #expect(try parse("1969-12-31T23:59:59.5Z") == Timestamp(seconds: -1, nanos: 500_000_000))
  }

  @Test func parsesFractionsUpToNanoseconds() throws {
    #expect(try parse("2024-01-01T00:00:00.1Z").nanos == 100_000_000)
    #expect(try parse("2024-01-01T00:00:00.123456Z").nanos == 123_456_000)
    #expect(try parse("2024-01-01T00:00:00.123456789Z").nanos == 123_456_789)
    #expect(failure("2024-01-01T00:00:00.1234567891Z")?.message.contains("more than 9") == true)
  }

  @Test func acceptsTheWholeFirestoreRange() throws {
    #expect(try parse("0001-01-01T00:00:00Z") == Timestamp.minimum)
    #expect(try parse("9999-12-31T23:59:59.999999999Z") == Timestamp.maximum)
    #expect(try parse("0001-01-01T09:00:00+09:00") == Timestamp.minimum)
  }

  @Test(arguments: [
    ("0000-01-01T00:00:00Z", "year 0000"), ("0001-01-01T00:00:00+00:01", "outside"),
    ("9999-12-31T23:59:59-00:01", "outside"), ("2023-02-29T00:00:00Z", "does not exist"),
    ("2024-13-01T00:00:00Z", "month 13"), ("2024-04-31T00:00:00Z", "day 31"), ("2024-01-01T24:00:00Z", "hour 24"),
    ("2024-01-01T00:60:00Z", "minute 60"), ("2024-12-31T23:59:60Z", "second 60"), ("2024-01-01 00:00:00Z", "'T'"),
    ("2024-01-01T00:00:00", "'Z'"), ("2024-01-01T00:00:00.Z", "digits after '.'"), ("24-01-01T00:00:00Z", "year"),
    ("2024-1-01T00:00:00Z", "month"), ("2024-01-01T00:00:00+0900", "':'"), ("2024-01-01T00:00:00+24:00", "offset"),
    ("2024-01-01T00:00:00Z ", "after the timestamp"), ("", "year"), ("2024-01-01", "'T'"),
  ])
  func rejectsBadText(text: String, fragment: String) {
    let error = failure(text)
    #expect(error?.message.contains(fragment) == true, "\(text): \(String(describing: error))")
  }

  @Test func formatsWithTrimmedFraction() throws {
    #expect(Timestamp(seconds: 1_704_067_200).rfc3339 == "2024-01-01T00:00:00Z")
    #expect(Timestamp(seconds: 0, nanos: 500_000_000).rfc3339 == "1970-01-01T00:00:00.500Z")
    #expect(Timestamp(seconds: 0, nanos: 1_000).rfc3339 == "1970-01-01T00:00:00.000001Z")
    #expect(Timestamp(seconds: 0, nanos: 1).rfc3339 == "1970-01-01T00:00:00.000000001Z")
    #expect(Timestamp(seconds: -1, nanos: 999_999_999).rfc3339 == "1969-12-31T23:59:59.999999999Z")
    #expect(Timestamp.minimum.rfc3339 == "0001-01-01T00:00:00Z")
    #expect(Timestamp.maximum.rfc3339 == "9999-12-31T23:59:59.999999999Z")
  }

  @Test func roundTripsAcrossTheRange() throws {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<2000 {
      let seconds = Int64.random(in: Timestamp.minimum.seconds...Timestamp.maximum.seconds, using: &generator)
      let nanos = Int32.random(in: 0..<1_000_000_000, using: &generator)
      let t = Timestamp(seconds: seconds, nanos: nanos)
      #expect(try parse(t.rfc3339) == t)
      #expect(Timestamp(civil: t.civil) == t)
    }
  }

  @Test func civilFieldsAndWeekdays() throws {
    let t = try parse("2024-02-29T13:45:30.25Z")
    let c = t.civil
    #expect([c.year, c.month, c.day, c.hour, c.minute, c.second] == [2024, 2, 29, 13, 45, 30])
    #expect(c.nanos == 250_000_000)
    #expect(c.dayOfWeek == 4)  // Thursday
    #expect(c.dayOfYear == 60)
    #expect(try parse("1970-01-01T00:00:00Z").civil.dayOfWeek == 4)
    #expect(try parse("2023-12-31T00:00:00Z").civil.dayOfYear == 365)
    #expect(try parse("2024-12-31T00:00:00Z").civil.dayOfYear == 366)
    #expect(try parse("0001-01-01T00:00:00Z").civil.dayOfWeek == 1)  // proleptic Gregorian Monday
    #expect(CivilCalendar.isLeapYear(2000) && !CivilCalendar.isLeapYear(1900) && CivilCalendar.isLeapYear(2024))
    #expect(Timestamp(civil: CivilDateTime(year: 2023, month: 2, day: 29)) == nil)
    #expect(Timestamp(civil: CivilDateTime(year: 10000, month: 1, day: 1)) == nil)
  }

  @Test func daysFromCivilInvertsCivilFromDays() {
    for days in stride(from: Int64(-719_162), through: 2_932_896, by: 997) {
      let (y, m, d) = CivilCalendar.civilFromDays(days)
      #expect(CivilCalendar.daysFromCivil(year: y, month: m, day: d) == days)
    }
    #expect(CivilCalendar.daysFromCivil(year: 2000, month: 3, day: 1) == 11_017)
  }

  @Test func milliseconds() {
    #expect(Timestamp(millisecondsSinceEpoch: 1500) == Timestamp(seconds: 1, nanos: 500_000_000))
    #expect(Timestamp(millisecondsSinceEpoch: -1) == Timestamp(seconds: -1, nanos: 999_000_000))
    #expect(Timestamp(seconds: -1, nanos: 999_999_999).millisecondsSinceEpoch == -1)
    #expect(Timestamp(millisecondsSinceEpoch: .max) == nil)
    #expect(!Timestamp(seconds: 0, nanos: -1).isValid)
  }
}
