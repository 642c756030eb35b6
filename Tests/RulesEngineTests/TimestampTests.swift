import FirestoreModel
import Testing

@testable import RulesEngine

@Suite("Timestamps")
struct TimestampTests {
  private func ns(_ name: String, _ args: RulesValue...) throws -> RulesValue {
    try Builtins.callNamespaceFunction("timestamp", name, args)
  }

  private func method(_ t: RulesValue, _ name: String) throws -> RulesValue {
    try Builtins.callMethod(t, name, [])
  }

  /// 2024-02-29T13:45:30.123456789Z, a Thursday, day 60 of a leap year.
  private let sample = RulesValue.timestamp(Timestamp(seconds: 1_709_214_330, nanos: 123_456_789))

  @Test("accessors in UTC")
  func accessors() throws {
    #expect(try method(sample, "year") == .int(2024))
    #expect(try method(sample, "month") == .int(2))
    #expect(try method(sample, "day") == .int(29))
    #expect(try method(sample, "hours") == .int(13))
    #expect(try method(sample, "minutes") == .int(45))
    #expect(try method(sample, "seconds") == .int(30))
    #expect(try method(sample, "nanos") == .int(123_456_789))
    #expect(try method(sample, "dayOfWeek") == .int(4))
    #expect(try method(sample, "dayOfYear") == .int(60))
    #expect(try method(sample, "toMillis") == .int(1_709_214_330_123))
    #expect(try method(sample, "date") == .timestamp(Timestamp(seconds: 1_709_164_800)))
    #expect(try method(sample, "time") == .duration(RulesDuration(seconds: 49_530, nanos: 123_456_789)))
  }

  @Test("day of week is ISO: Monday 1 … Sunday 7")
  func dayOfWeek() throws {
    #expect(try method(ns("date", .int(2024), .int(1), .int(1)), "dayOfWeek") == .int(1))  // Monday
    #expect(try method(ns("date", .int(2023), .int(12), .int(31)), "dayOfWeek") == .int(7))  // Sunday
    #expect(try method(ns("date", .int(1969), .int(12), .int(31)), "dayOfWeek") == .int(3))  // Wednesday
  }

  @Test("timestamp.date and timestamp.value")
  func constructors() throws {
    #expect(try ns("date", .int(1984), .int(1), .int(2)) == .timestamp(Timestamp(seconds: 441_849_600)))
    #expect(try ns("date", .int(1), .int(1), .int(1)) == .timestamp(Timestamp(seconds: -62_135_596_800)))
    #expect(try ns("value", .int(1500)) == .timestamp(Timestamp(seconds: 1, nanos: 500_000_000)))
    #expect(try ns("value", .int(-1)) == .timestamp(Timestamp(seconds: -1, nanos: 999_000_000)))
    #expect(try method(ns("value", .int(-1)), "toMillis") == .int(-1))
    #expect(try method(ns("date", .int(1900), .int(3), .int(1)), "dayOfYear") == .int(60))
    #expect(try method(ns("date", .int(9999), .int(12), .int(31)), "year") == .int(9999))
  }

  @Test("invalid dates and out-of-range values are errors")
  func invalid() {
    #expect(errorMessage { try ns("date", .int(2023), .int(2), .int(29)) } != nil)
    #expect(errorMessage { try ns("date", .int(2024), .int(13), .int(1)) } != nil)
    #expect(errorMessage { try ns("date", .int(0), .int(1), .int(1)) } != nil)
    #expect(errorMessage { try ns("date", .int(2024), .int(1)) } == "Function not found error: Name: [timestamp.date].")
    #expect(errorMessage { try ns("value", .int(.max)) } != nil)
    #expect(errorMessage { try ns("value", .int(.min)) } != nil)
    #expect(errorMessage { try ns("value", .float(1)) } != nil)
    #expect(errorMessage { try ns("now") } == "Function not found error: Name: [timestamp.now].")
    #expect(errorMessage { try Builtins.callMethod(sample, "year", [.string("UTC")]) } != nil)
  }

  @Test("timestamp ± duration and timestamp − timestamp")
  func arithmetic() throws {
    let oneAndHalf = RulesValue.duration(RulesDuration(seconds: 1, nanos: 500_000_000))
    let t = RulesValue.timestamp(Timestamp(seconds: 10, nanos: 700_000_000))
    #expect(try Operators.binary(.add, t, oneAndHalf) == .timestamp(Timestamp(seconds: 12, nanos: 200_000_000)))
    #expect(try Operators.binary(.add, oneAndHalf, t) == .timestamp(Timestamp(seconds: 12, nanos: 200_000_000)))
    #expect(try Operators.binary(.subtract, t, oneAndHalf) == .timestamp(Timestamp(seconds: 9, nanos: 200_000_000)))
    let earlier = RulesValue.timestamp(Timestamp(seconds: 12, nanos: 200_000_000))
    #expect(try Operators.binary(.subtract, t, earlier) == .duration(RulesDuration(seconds: -1, nanos: -500_000_000)))
    #expect(try Operators.binary(.subtract, earlier, t) == oneAndHalf)
    let max = RulesValue.timestamp(Timestamp(seconds: 253_402_300_799, nanos: 999_999_999))
    #expect(errorMessage { try Operators.binary(.add, max, .duration(RulesDuration(seconds: 0, nanos: 1))) } != nil)
    #expect(errorMessage { try Operators.binary(.add, t, t) } != nil)
    #expect(errorMessage { try Operators.binary(.subtract, oneAndHalf, t) } != nil)
  }
}
