import Testing

@testable import RulesEngine

@Suite("Path values")
struct PathTests {
  private func path(_ text: String) throws -> RulesValue { try Builtins.callGlobalFunction("path", [.string(text)]) }

  @Test("path() splits a string into segments")
  func construct() throws {
    #expect(try path("users/alice") == .path(RulesPath(segments: ["users", "alice"])))
    #expect(
      try path("/databases/db/documents/c/d") == .path(RulesPath(segments: ["databases", "db", "documents", "c", "d"])))
    #expect(Operators.isType(try path("a/b"), "path"))
    #expect(errorMessage { try path("a//b") } != nil)
    #expect(errorMessage { try path("") } != nil)
    #expect(
      errorMessage { try Builtins.callGlobalFunction("path", [try path("a")]) }
        == "Unsupported operation error. Received: path(path). Expected: path(string).")
  }

  @Test("index returns a segment")
  func index() throws {
    #expect(try Operators.index(try path("users/alice"), .int(1)) == .string("alice"))
    #expect(
      errorMessage { try Operators.index(try path("users/alice"), .int(2)) }
        == "Index out of bound error. Index: [2] , size: [2].")
  }

  @Test("bind fills placeholders")
  func bind() throws {
    let bound = try Builtins.callMethod(try path("users/{uid}"), "bind", [.map(["uid": .string("alice")])])
    #expect(bound == (try path("users/alice")))
    #expect(errorMessage { try Builtins.callMethod(try path("users/{uid}"), "bind", [.map([:])]) } != nil)
    #expect(errorMessage { try Builtins.callMethod(try path("users/{uid}"), "bind", [.map(["uid": .int(1)])]) } != nil)
    #expect(errorMessage { try Builtins.callMethod(try path("users/{uid}"), "bind", [.list([])]) } != nil)
  }

  @Test("paths are not strings; string() renders them")
  func versusStrings() throws {
    #expect(try Operators.binary(.equal, try path("a/b"), .string("a/b")) == .bool(false))
    #expect(try Builtins.callGlobalFunction("string", [try path("a/b")]) == .string("/a/b"))
    #expect(errorMessage { try Operators.member(try path("a/b"), "x") } == "Property x is undefined on object.")
    #expect(
      errorMessage { try Builtins.callMethod(try path("a/b"), "size", []) } == "Function not found error: Name: [size]."
    )
  }
}
