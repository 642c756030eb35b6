import Testing

@testable import RulesEngine

@Suite("Durations")
struct DurationTests {
  private func ns(_ name: String, _ args: RulesValue...) throws -> RulesValue {
    try Builtins.callNamespaceFunction("duration", name, args)
  }

  private func d(_ seconds: Int64, _ nanos: Int32 = 0) -> RulesValue {
    .duration(RulesDuration(seconds: seconds, nanos: nanos))
  }

  @Test("duration.value in every unit")
  func value() throws {
    #expect(try ns("value", .int(1500), .string("ms")) == d(1, 500_000_000))
    #expect(try ns("value", .int(-1500), .string("ms")) == d(-1, -500_000_000))
    #expect(try ns("value", .int(2), .string("w")) == d(1_209_600))
    #expect(try ns("value", .int(1), .string("d")) == d(86_400))
    #expect(try ns("value", .int(3), .string("h")) == d(10_800))
    #expect(try ns("value", .int(3), .string("m")) == d(180))
    #expect(try ns("value", .int(3), .string("s")) == d(3))
    #expect(try ns("value", .int(1_000_000_001), .string("ns")) == d(1, 1))
    let v = try ns("value", .int(1500), .string("ms"))
    #expect(try Builtins.callMethod(v, "seconds", []) == .int(1))
    #expect(try Builtins.callMethod(v, "nanos", []) == .int(500_000_000))
  }

  @Test("bad units, float magnitudes and overflow are errors")
  func errors() {
    #expect(errorMessage { try ns("value", .int(1), .string("y")) } != nil)
    #expect(errorMessage { try ns("value", .float(1.5), .string("s")) } != nil)
    #expect(errorMessage { try ns("value", .int(.max), .string("w")) } != nil)
    #expect(errorMessage { try ns("value", .int(315_576_000_001), .string("s")) } != nil)
    #expect(errorMessage { try ns("value", .int(1)) } == "Function not found error: Name: [duration.value].")
  }

  @Test("duration.time and duration.abs")
  func timeAndAbs() throws {
    #expect(try ns("time", .int(1), .int(2), .int(3), .int(4)) == d(3723, 4))
    #expect(try ns("time", .int(0), .int(0), .int(1), .int(-1)) == d(0, 999_999_999))
    #expect(try ns("abs", d(-10)) == d(10))
    #expect(try ns("abs", d(0, -5)) == d(0, 5))
    #expect(try ns("abs", d(3, 1)) == d(3, 1))
    #expect(errorMessage { try ns("abs", .int(1)) } != nil)
  }

  @Test("duration arithmetic and comparison")
  func arithmetic() throws {
    #expect(try Operators.binary(.add, d(1, 600_000_000), d(1, 600_000_000)) == d(3, 200_000_000))
    #expect(try Operators.binary(.subtract, d(1), d(2, 500_000_000)) == d(-1, -500_000_000))
    #expect(try Operators.binary(.less, d(-1, -1), d(-1)) == .bool(true))
    #expect(
      try Operators.binary(.equal, try ns("value", .int(60), .string("s")), try ns("value", .int(1), .string("m")))
        == .bool(true))
    #expect(errorMessage { try Operators.binary(.add, d(315_576_000_000), d(1)) } != nil)
    #expect(errorMessage { try Operators.binary(.multiply, d(1), .int(2)) } != nil)
  }
}
