import RulesLanguage
import Testing

@testable import RulesEngine

@Suite("Operators")
struct OperatorsTests {
  private func binary(_ op: BinaryOperator, _ l: RulesValue, _ r: RulesValue) throws(EvalError) -> RulesValue {
    try Operators.binary(op, l, r)
  }

  @Test("int arithmetic stays int; division truncates toward zero")
  func intArithmetic() throws {
    #expect(try binary(.add, .int(2), .int(3)) == .int(5))
    #expect(try binary(.subtract, .int(2), .int(3)) == .int(-1))
    #expect(try binary(.multiply, .int(4), .int(3)) == .int(12))
    #expect(try binary(.divide, .int(10), .int(4)) == .int(2))
    #expect(try binary(.divide, .int(-7), .int(2)) == .int(-3))
    #expect(try binary(.remainder, .int(10), .int(3)) == .int(1))
    #expect(try binary(.remainder, .int(-7), .int(2)) == .int(-1))
    #expect(try binary(.remainder, .int(.min), .int(-1)) == .int(0))
    if case .float = try binary(.divide, .int(10), .int(4)) { Issue.record("int / int must not be a float") }
  }

  @Test("int overflow and division by zero are errors")
  func intErrors() {
    #expect(errorMessage { try binary(.add, .int(.max), .int(1)) } == "Integer overflow error.")
    #expect(errorMessage { try binary(.subtract, .int(.min), .int(1)) } == "Integer overflow error.")
    #expect(errorMessage { try binary(.multiply, .int(.max), .int(2)) } == "Integer overflow error.")
    #expect(errorMessage { try binary(.divide, .int(.min), .int(-1)) } == "Integer overflow error.")
    #expect(errorMessage { try Operators.unary(.negate, .int(.min)) } == "Integer overflow error.")
    #expect(errorMessage { try binary(.divide, .int(1), .int(0)) } == "Divide by zero error.")
    #expect(errorMessage { try binary(.remainder, .int(1), .int(0)) } == "Divide by zero error.")
    #expect(errorMessage { try binary(.divide, .float(1), .int(0)) } == "Divide by zero error.")
    #expect(errorMessage { try binary(.remainder, .float(1), .float(0)) } == "Divide by zero error.")
  }

  @Test("int mixed with float coerces to float")
  func mixedArithmetic() throws {
    #expect(try binary(.divide, .int(10), .float(4)) == .float(2.5))
    #expect(try binary(.add, .int(1), .float(0.5)) == .float(1.5))
    #expect(try binary(.remainder, .float(7.5), .int(2)) == .float(1.5))
    #expect(try binary(.multiply, .float(1.5), .float(2)) == .float(3))
  }

  @Test("+ concatenates strings; other mixes are errors")
  func concatenation() throws {
    #expect(try binary(.add, .string("ab"), .string("c")) == .string("abc"))
    #expect(errorMessage { try binary(.add, .string("a"), .int(1)) } != nil)
    #expect(errorMessage { try binary(.add, .list([.int(1)]), .list([.int(2)])) } != nil)
    #expect(errorMessage { try binary(.add, .bool(true), .bool(true)) } != nil)
    #expect(errorMessage { try binary(.and, .bool(true), .bool(true)) } != nil)
  }

  @Test("equality: 1 == 1.0, structural lists and maps, cross-type false")
  func equality() throws {
    #expect(try binary(.equal, .int(1), .float(1.0)) == .bool(true))
    #expect(try binary(.equal, .string("1"), .int(1)) == .bool(false))
    #expect(try binary(.equal, .null, .null) == .bool(true))
    #expect(try binary(.equal, .string("a"), .null) == .bool(false))
    #expect(try binary(.notEqual, .string("a"), .null) == .bool(true))
    #expect(try binary(.equal, .list([.int(1), .string("a")]), .list([.float(1), .string("a")])) == .bool(true))
    #expect(try binary(.equal, .list([.int(1)]), .list([.int(1), .int(1)])) == .bool(false))
    #expect(try binary(.equal, .map(["a": .int(1), "b": .null]), .map(["b": .null, "a": .int(1)])) == .bool(true))
    #expect(try binary(.equal, .map(["a": .int(1)]), .map(["a": .int(1), "b": .int(2)])) == .bool(false))
    #expect(try binary(.equal, .set([.int(1), .int(2)]), .set([.int(2), .int(1)])) == .bool(true))
    let path = RulesValue.path(RulesPath(segments: ["a", "b"]))
    #expect(try binary(.equal, path, .string("/a/b")) == .bool(false))
    #expect(try binary(.equal, path, .path(RulesPath(segments: ["a", "b"]))) == .bool(true))
  }

  @Test("strings compare by code point, not canonical equivalence")
  func stringEquality() throws {
    #expect(try binary(.equal, .string("\u{E9}"), .string("e\u{301}")) == .bool(false))
    #expect(try binary(.less, .string("Z"), .string("a")) == .bool(true))
    #expect(try binary(.less, .string("ab"), .string("abc")) == .bool(true))
    #expect(try binary(.greater, .string("\u{1F600}"), .string("\u{FFFF}")) == .bool(true))
  }

  @Test("ordering of numbers, timestamps and durations")
  func ordering() throws {
    #expect(try binary(.less, .int(1), .float(1.5)) == .bool(true))
    #expect(try binary(.lessEqual, .float(2), .int(2)) == .bool(true))
    #expect(try binary(.greaterEqual, .int(1), .int(2)) == .bool(false))
    #expect(try binary(.less, .float(.nan), .int(1)) == .bool(false))
    #expect(try binary(.greaterEqual, .float(.nan), .int(1)) == .bool(false))
    let early = RulesValue.timestamp(.init(seconds: 10))
    let late = RulesValue.timestamp(.init(seconds: 10, nanos: 1))
    #expect(try binary(.less, early, late) == .bool(true))
    let short = RulesValue.duration(RulesDuration(seconds: -1, nanos: -500_000_000))
    let long = RulesValue.duration(RulesDuration(seconds: -1, nanos: 0))
    #expect(try binary(.less, short, long) == .bool(true))
  }

  @Test("cross-type and unordered types cannot be ordered")
  func orderingErrors() {
    #expect(
      errorMessage { try binary(.less, .string("a"), .int(1)) }
        == "Unsupported operation error. Received: string < int.")
    #expect(errorMessage { try binary(.less, .bool(false), .bool(true)) } != nil)
    #expect(errorMessage { try binary(.less, .bytes([1]), .bytes([2])) } != nil)
    #expect(errorMessage { try binary(.greater, .list([]), .list([])) } != nil)
    #expect(errorMessage { try binary(.less, .null, .int(1)) } != nil)
  }

  @Test("in: list and set membership, own map keys; strings are not collections")
  func membership() throws {
    #expect(try binary(.in, .int(2), .list([.int(1), .int(2)])) == .bool(true))
    #expect(try binary(.in, .float(2), .list([.int(1), .int(2)])) == .bool(true))
    #expect(try binary(.in, .string("2"), .list([.int(1), .int(2)])) == .bool(false))
    #expect(try binary(.in, .string("a"), .set([.string("a")])) == .bool(true))
    #expect(try binary(.in, .string("a"), .map(["a": .null])) == .bool(true))
    #expect(try binary(.in, .string("toString"), .map(["a": .null])) == .bool(false))
    #expect(errorMessage { try binary(.in, .string("a"), .string("abc")) } != nil)
    #expect(errorMessage { try binary(.in, .int(1), .map(["1": .null])) } != nil)
    #expect(errorMessage { try binary(.in, .int(1), .null) } == "Null value error.")
  }

  @Test("unary operators are strict about types")
  func unary() throws {
    #expect(try Operators.unary(.not, .bool(true)) == .bool(false))
    #expect(try Operators.unary(.negate, .int(5)) == .int(-5))
    #expect(try Operators.unary(.negate, .float(0.5)) == .float(-0.5))
    #expect(errorMessage { try Operators.unary(.not, .int(1)) } != nil)
    #expect(errorMessage { try Operators.unary(.not, .null) } != nil)
    #expect(errorMessage { try Operators.unary(.negate, .string("1")) } != nil)
  }

  @Test("is: runtime type test with number = int | float")
  func isType() {
    #expect(Operators.isType(.int(1), "int"))
    #expect(Operators.isType(.int(1), "number"))
    #expect(Operators.isType(.float(1), "number"))
    #expect(!Operators.isType(.int(1), "float"))
    #expect(!Operators.isType(.string("1"), "number"))
    #expect(Operators.isType(.null, "null"))
    #expect(!Operators.isType(.null, "map"))
    #expect(Operators.isType(.mapDiff(MapDiff(left: [:], right: [:])), "map_diff"))
    #expect(Operators.isType(.path(RulesPath(segments: ["a"])), "path"))
    #expect(!Operators.isType(.path(RulesPath(segments: ["a"])), "string"))
    #expect(!Operators.isType(.int(1), "constraint"))
    #expect(!Operators.isType(.int(1), "integer"))
  }
}
