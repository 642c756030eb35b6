import Testing

@testable import RulesEngine

@Suite("List methods")
struct ListTests {
  private func call(_ items: [RulesValue], _ name: String, _ args: RulesValue...) throws -> RulesValue {
    try Builtins.callMethod(.list(items), name, args)
  }

  private let abc: [RulesValue] = [.string("a"), .string("b"), .string("c")]

  @Test("size, concat keeps order and duplicates")
  func sizeAndConcat() throws {
    #expect(try call(abc, "size") == .int(3))
    #expect(try call([.int(1)], "concat", .list([.int(1), .int(2)])) == .list([.int(1), .int(1), .int(2)]))
    #expect(errorMessage { try call([], "concat", .set([])) } != nil)
  }

  @Test("hasAll, hasAny, hasOnly use rules equality")
  func has() throws {
    #expect(try call(abc, "hasAll", .list([.string("a"), .string("c")])) == .bool(true))
    #expect(try call(abc, "hasAll", .list([.string("a"), .string("z")])) == .bool(false))
    #expect(try call(abc, "hasAll", .list([])) == .bool(true))
    #expect(try call(abc, "hasAny", .list([.string("z"), .string("b")])) == .bool(true))
    #expect(try call(abc, "hasAny", .list([])) == .bool(false))
    #expect(
      try call(
        [.string("a"), .string("a"), .string("b")], "hasOnly", .list([.string("a"), .string("b"), .string("b")]))
        == .bool(true))
    #expect(try call([.string("a"), .string("b")], "hasOnly", .list([.string("a"), .string("c")])) == .bool(false))
    #expect(try call([], "hasOnly", .list([.int(1)])) == .bool(true))
    #expect(try call([.int(1)], "hasAny", .list([.float(1)])) == .bool(true))
    #expect(try call([.int(1)], "hasAny", .list([.string("1")])) == .bool(false))
    #expect(
      errorMessage { try call(abc, "hasAll", .set([])) }
        == "Unsupported operation error. Received: list.hasAll(set). Expected: list.hasAll(list).")
  }

  @Test("join needs string elements")
  func join() throws {
    #expect(try call([.string("file"), .string("txt")], "join", .string(".")) == .string("file.txt"))
    #expect(try call([], "join", .string(",")) == .string(""))
    #expect(errorMessage { try call([.int(1)], "join", .string(",")) } != nil)
    #expect(errorMessage { try call(abc, "join", .int(1)) } != nil)
  }

  @Test("removeAll removes every occurrence")
  func removeAll() throws {
    let items: [RulesValue] = [.int(1), .int(2), .int(1), .int(3)]
    #expect(try call(items, "removeAll", .list([.int(1)])) == .list([.int(2), .int(3)]))
    #expect(try call(items, "removeAll", .list([])) == .list(items))
  }

  @Test("toSet removes duplicates, keeping the first")
  func toSet() throws {
    let result = try call([.int(1), .string("a"), .float(1), .string("a")], "toSet")
    guard case .set(let members) = result else {
      Issue.record("expected a set")
      return
    }
    #expect(members.count == 2)
    if case .int = members[0] {} else { Issue.record("first occurrence (the int) must be kept") }
  }

  @Test("index and slice do not clamp")
  func indexing() throws {
    let list = RulesValue.list([.int(0), .int(1), .int(2), .int(3)])
    #expect(try Operators.index(list, .int(3)) == .int(3))
    #expect(try Operators.slice(list, .int(1), .int(3)) == .list([.int(1), .int(2)]))
    #expect(try Operators.slice(list, .int(2), .int(2)) == .list([]))
    #expect(
      errorMessage { try Operators.slice(list, .int(1), .int(99)) }
        == "Index out of bound error. Index: [98] , size: [4].")
    #expect(errorMessage { try Operators.index(list, .int(4)) } == "Index out of bound error. Index: [4] , size: [4].")
    #expect(errorMessage { try Operators.index(list, .float(1)) } != nil)
    #expect(errorMessage { try Operators.index(.null, .int(0)) } == "Null value error.")
  }

  @Test("lists have no fields and no set algebra")
  func noFields() {
    #expect(
      errorMessage { try Operators.member(.list([]), "size") } == "Type error. Received: [list] Expected: [map,path].")
    #expect(errorMessage { try call(abc, "difference", .list([])) } == "Function not found error: Name: [difference].")
  }
}
