import Testing

@testable import RulesEngine

@Suite("Set methods")
struct SetTests {
  private func set(_ items: RulesValue...) -> RulesValue { .set(items) }

  private func call(_ receiver: RulesValue, _ name: String, _ args: RulesValue...) throws -> RulesValue {
    try Builtins.callMethod(receiver, name, args)
  }

  @Test("difference, intersection, union")
  func algebra() throws {
    let ab = set(.string("a"), .string("b"))
    let ac = set(.string("a"), .string("c"))
    #expect(try call(ab, "difference", ac) == set(.string("b")))
    #expect(try call(ab, "intersection", ac) == set(.string("a")))
    #expect(try call(ab, "union", ac) == set(.string("c"), .string("b"), .string("a")))
    #expect(try call(ab, "union", ab) == ab)
    #expect(try call(ab, "size") == .int(2))
  }

  @Test("set algebra requires a set argument")
  func algebraNeedsSet() {
    let ab = set(.string("a"), .string("b"))
    #expect(
      errorMessage { try call(ab, "difference", .list([.string("a")])) }
        == "Unsupported operation error. Received: set.difference(list). Expected: set.difference(set).")
    #expect(errorMessage { try call(ab, "union", .list([])) } != nil)
    #expect(errorMessage { try call(ab, "intersection", .list([])) } != nil)
  }

  @Test("hasAll, hasAny, hasOnly accept sets and lists")
  func has() throws {
    let s = set(.int(1), .int(2))
    #expect(try call(s, "hasAll", .list([.int(1)])) == .bool(true))
    #expect(try call(s, "hasAny", .list([.int(1)])) == .bool(true))
    #expect(try call(set(.int(1)), "hasOnly", .list([.int(1), .int(2)])) == .bool(true))
    #expect(try call(s, "hasOnly", set(.int(1))) == .bool(false))
    #expect(try call(s, "hasAll", set(.int(2), .int(3))) == .bool(false))
    #expect(errorMessage { try call(s, "hasAll", .map([:])) } != nil)
  }

  @Test("sets compare without order; membership with in")
  func equalityAndMembership() throws {
    #expect(try Operators.binary(.equal, set(.int(1), .int(2)), set(.int(2), .int(1))) == .bool(true))
    #expect(try Operators.binary(.equal, set(.int(1)), .list([.int(1)])) == .bool(false))
    #expect(try Operators.binary(.in, .int(2), set(.int(1), .int(2))) == .bool(true))
    #expect(errorMessage { try Operators.index(set(.int(1)), .int(0)) } != nil)
  }
}
