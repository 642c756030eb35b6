import Testing

@testable import RulesEngine

@Suite("math namespace")
struct MathTests {
  private func math(_ name: String, _ args: RulesValue...) throws -> RulesValue {
    try Builtins.callNamespaceFunction("math", name, args)
  }

  @Test("abs keeps the number kind")
  func abs() throws {
    #expect(try math("abs", .int(-1)) == .int(1))
    if case .float = try math("abs", .float(-1.5)) {} else { Issue.record("abs(float) is a float") }
    #expect(try math("abs", .float(-1.5)) == .float(1.5))
    #expect(errorMessage { try math("abs", .int(.min)) } != nil)
    #expect(
      errorMessage { try math("abs", .string("1")) }
        == "Unsupported operation error. Received: math.abs(string). Expected: math.abs(number).")
  }

  @Test("ceil, floor, round return ints")
  func rounding() throws {
    #expect(try math("ceil", .float(2.1)) == .int(3))
    #expect(try math("ceil", .float(2.0)) == .int(2))
    #expect(try math("floor", .float(1.9)) == .int(1))
    #expect(try math("floor", .float(-1.1)) == .int(-2))
    #expect(try math("round", .float(2.5)) == .int(3))
    #expect(try math("round", .float(2.4)) == .int(2))
    #expect(try math("round", .float(-2.4)) == .int(-2))
    #expect(try math("round", .float(-2.6)) == .int(-3))
    #expect(try math("round", .int(7)) == .int(7))
    if case .int = try math("ceil", .float(2.1)) {} else { Issue.record("ceil returns an int") }
  }

  @Test("rounding errors: negative halves, non-finite and huge values")
  func roundingErrors() {
    #expect(errorMessage { try math("round", .float(-2.5)) } != nil)
    #expect(errorMessage { try math("ceil", .float(.infinity)) } != nil)
    #expect(errorMessage { try math("floor", .float(.nan)) } != nil)
    #expect(errorMessage { try math("floor", .float(1e300)) } != nil)
  }

  @Test("sqrt and pow return floats")
  func sqrtAndPow() throws {
    #expect(try math("sqrt", .float(2.25)) == .float(1.5))
    #expect(try math("sqrt", .int(4)) == .float(2))
    // IEEE: the square root of a negative number is NaN, not an error (the spec leaves it open).
    guard case .float(let root) = try math("sqrt", .int(-1)) else {
      Issue.record("not a float")
      return
    }
    #expect(root.isNaN)
    #expect(try math("pow", .int(2), .int(2)) == .float(4))
    #expect(try math("pow", .int(4), .float(0.5)) == .float(2))
    if case .float = try math("pow", .int(2), .int(2)) {} else { Issue.record("pow returns a float") }
  }

  @Test("isNaN; isInfinite and unknown functions are not found")
  func predicates() throws {
    #expect(try math("isNaN", .float(.nan)) == .bool(true))
    #expect(try math("isNaN", .int(1)) == .bool(false))
    #expect(errorMessage { try math("isInfinite", .float(1)) } == "Function not found error: Name: [math.isInfinite].")
    #expect(errorMessage { try math("trunc", .float(1)) } == "Function not found error: Name: [math.trunc].")
    #expect(
      errorMessage { try Builtins.callNamespaceFunction("maths", "abs", [.int(1)]) }
        == "Function not found error: Name: [maths.abs].")
  }
}
