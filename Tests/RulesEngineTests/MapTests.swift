import Testing

@testable import RulesEngine

@Suite("Map methods and MapDiff")
struct MapTests {
  private func call(_ entries: [String: RulesValue], _ name: String, _ args: RulesValue...) throws -> RulesValue {
    try Builtins.callMethod(.map(entries), name, args)
  }

  private func keySet(_ keys: String...) -> RulesValue { .set(keys.map(RulesValue.string)) }

  @Test("keys and values are lists in key order")
  func keysAndValues() throws {
    let m: [String: RulesValue] = ["b": .int(2), "a": .int(1), "c": .int(3)]
    #expect(try call(m, "keys") == .list([.string("a"), .string("b"), .string("c")]))
    #expect(try call(m, "values") == .list([.int(1), .int(2), .int(3)]))
    #expect(try call(m, "size") == .int(3))
    if case .set = try call(m, "keys") { Issue.record("keys() must be a list") }
  }

  @Test("get with a key or a nested key list, default when missing")
  func get() throws {
    let m: [String: RulesValue] = ["a": .map(["b": .int(1)]), "c": .int(2), "n": .null]
    #expect(try call(m, "get", .string("c"), .int(7)) == .int(2))
    #expect(try call(m, "get", .string("x"), .int(7)) == .int(7))
    #expect(try call(m, "get", .string("n"), .int(7)) == .null)
    #expect(try call(m, "get", .list([.string("a"), .string("b")]), .int(7)) == .int(1))
    #expect(try call(m, "get", .list([.string("a"), .string("x")]), .int(7)) == .int(7))
    #expect(try call(m, "get", .list([.string("c"), .string("x")]), .int(7)) == .int(7))
    #expect(errorMessage { try call(m, "get", .int(1), .int(7)) } != nil)
    #expect(errorMessage { try call(m, "get", .list([.int(1)]), .int(7)) } != nil)
    #expect(errorMessage { try call(m, "get", .string("c")) } == "Function not found error: Name: [get].")
  }

  @Test("field access: missing keys are errors, not null")
  func member() throws {
    let m = RulesValue.map(["a": .int(1)])
    #expect(try Operators.member(m, "a") == .int(1))
    #expect(try Operators.index(m, .string("a")) == .int(1))
    #expect(errorMessage { try Operators.member(m, "typo") } == "Property typo is undefined on object.")
    #expect(errorMessage { try Operators.index(m, .string("typo")) } == "Property typo is undefined on object.")
    #expect(errorMessage { try Operators.member(.null, "a") } == "Null value error.")
    #expect(
      errorMessage { try Operators.member(.string("s"), "a") } == "Type error. Received: [string] Expected: [map,path]."
    )
  }

  @Test("no hasAll/hasAny on maps")
  func missingMethods() {
    #expect(errorMessage { try call([:], "hasAll", .list([])) } == "Function not found error: Name: [hasAll].")
  }

  @Test("diff reports added, removed, changed, unchanged and affected keys")
  func diff() throws {
    func diffCall(_ new: [String: RulesValue], _ old: [String: RulesValue], _ method: String) throws -> RulesValue {
      try Builtins.callMethod(try call(new, "diff", .map(old)), method, [])
    }
    #expect(try diffCall(["a": .int(1)], [:], "addedKeys") == keySet("a"))
    #expect(try diffCall([:], ["a": .int(1)], "removedKeys") == keySet("a"))
    #expect(try diffCall(["a": .int(0)], ["a": .int(1), "b": .int(4)], "changedKeys") == keySet("a"))
    #expect(try diffCall(["a": .int(0)], ["a": .int(0)], "unchangedKeys") == keySet("a"))
    #expect(
      try diffCall(
        ["a": .int(0), "c": .int(0), "u": .int(0)], ["r": .int(0), "c": .int(1), "u": .int(0)], "affectedKeys")
        == keySet("a", "r", "c"))
    #expect(try diffCall(["a": .map(["x": .int(1)])], ["a": .map(["x": .int(1)])], "changedKeys") == keySet())
    #expect(try diffCall(["a": .int(1)], ["a": .float(1)], "unchangedKeys") == keySet("a"))
    #expect(errorMessage { try call([:], "diff", .list([])) } != nil)
    #expect(errorMessage { try diffCall([:], [:], "keys") } == "Function not found error: Name: [keys].")
  }

  @Test("map_diff sets support set algebra")
  func diffAlgebra() throws {
    let diff = try call(
      ["title": .string("x"), "body": .string("y")], "diff", .map(["title": .string("t"), "body": .string("y")]))
    let affected = try Builtins.callMethod(diff, "affectedKeys", [])
    #expect(try Builtins.callMethod(affected, "hasOnly", [.list([.string("title"), .string("body")])]) == .bool(true))
  }
}
