import Testing

@testable import RulesEngine

@Suite("Conversions")
struct ConversionsTests {
  private func call(_ name: String, _ arg: RulesValue) throws -> RulesValue {
    try Builtins.callGlobalFunction(name, [arg])
  }

  @Test("int()")
  func toInt() throws {
    #expect(try call("int", .string("2")) == .int(2))
    #expect(try call("int", .string("-42")) == .int(-42))
    #expect(try call("int", .float(2.0)) == .int(2))
    #expect(try call("int", .int(7)) == .int(7))
    for bad: RulesValue in [
      .float(2.7), .float(.nan), .float(1e19), .string("2.5"), .string("abc"), .string(""), .string(" 1"),
      .string("99999999999999999999"), .null, .bool(true),
    ] {
      #expect(errorMessage { try call("int", bad) } != nil, "int(\(bad.typedJSON)) must fail")
    }
  }

  @Test("float()")
  func toFloat() throws {
    #expect(try call("float", .string("2.2")) == .float(2.2))
    #expect(try call("float", .string("5")) == .float(5))
    #expect(try call("float", .string("-1.5e3")) == .float(-1500))
    #expect(try call("float", .int(2)) == .float(2))
    if case .float = try call("float", .int(2)) {} else { Issue.record("float(int) is a float") }
    for bad: RulesValue in [
      .string("NaN"), .string("Infinity"), .string("1e999"), .string("0x10"), .string("1."), .string(".5"), .string(""),
      .null,
    ] {
      #expect(errorMessage { try call("float", bad) } != nil, "float(\(bad.typedJSON)) must fail")
    }
  }

  @Test("string()")
  func toString() throws {
    #expect(try call("string", .bool(true)) == .string("true"))
    #expect(try call("string", .int(1)) == .string("1"))
    #expect(try call("string", .float(2.0)) == .string("2.0"))
    #expect(try call("string", .float(0.1)) == .string("0.1"))
    #expect(try call("string", .null) == .string("null"))
    #expect(try call("string", .string("s")) == .string("s"))
    #expect(errorMessage { try call("string", .list([])) } != nil)
    #expect(errorMessage { try call("string", .map([:])) } != nil)
  }

  @Test("bool() and CEL-only functions are not found")
  func notFound() {
    #expect(errorMessage { try call("bool", .string("true")) } == "Function not found error: Name: [bool].")
    #expect(errorMessage { try call("size", .string("abc")) } == "Function not found error: Name: [size].")
    #expect(errorMessage { try Builtins.callGlobalFunction("int", []) } == "Function not found error: Name: [int].")
    #expect(errorMessage { try Builtins.callGlobalFunction("int", [.int(1), .int(2)]) } != nil)
  }
}
