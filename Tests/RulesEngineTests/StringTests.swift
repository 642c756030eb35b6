import Testing

@testable import RulesEngine

@Suite("String methods")
struct StringTests {
  private func call(_ s: String, _ name: String, _ args: RulesValue...) throws -> RulesValue {
    try Builtins.callMethod(.string(s), name, args)
  }

  @Test("size counts code points")
  func size() throws {
    #expect(try call("abc", "size") == .int(3))
    #expect(try call("", "size") == .int(0))
    #expect(try call("\u{1F600}", "size") == .int(1))
    #expect(try call("e\u{301}", "size") == .int(2))
  }

  @Test("lower, upper, trim")
  func caseAndTrim() throws {
    #expect(try call("ABC", "lower") == .string("abc"))
    #expect(try call("abc123", "upper") == .string("ABC123"))
    #expect(try call("\u{C9}cole", "lower") == .string("\u{E9}cole"))
    #expect(try call(" a ", "trim") == .string("a"))
    #expect(try call("\t\n a b \r", "trim") == .string("a b"))
    #expect(try call("   ", "trim") == .string(""))
    #expect(try call("\u{A0}a\u{A0}", "trim") == .string("\u{A0}a\u{A0}"))
  }

  @Test("toUtf8 encodes as UTF-8 bytes")
  func toUtf8() throws {
    #expect(try call("**", "toUtf8") == .bytes([0x2A, 0x2A]))
    #expect(try call("\u{20AC}", "toUtf8") == .bytes([0xE2, 0x82, 0xAC]))
    #expect(try Builtins.callMethod(call("\u{E9}", "toUtf8"), "size", []) == .int(2))
  }

  @Test("matches is a whole-string RE2 match")
  func matches() throws {
    #expect(try call("user@domain.com", "matches", .string(".*@domain[.]com")) == .bool(true))
    #expect(try call("user@domain.com.evil", "matches", .string(".*@domain[.]com")) == .bool(false))
    #expect(try call("hello world", "matches", .string("world")) == .bool(false))
    #expect(try call("x@acme.com", "matches", .string(".*@acme\\.com")) == .bool(true))
  }

  @Test("replace replaces every regex match with literal text")
  func replace() throws {
    #expect(try call("banana", "replace", .string("a"), .string("o")) == .string("bonono"))
    #expect(try call("foo@test.com", "replace", .string("."), .string("-")) == .string("------------"))
    #expect(try call("abc", "replace", .string("x*"), .string("-")) == .string("-a-b-c-"))
    #expect(try call("baaac", "replace", .string("a*"), .string("-")) == .string("-b--c-"))
    #expect(try call("a.b", "replace", .string("\\."), .string("")) == .string("ab"))
    #expect(try call("\u{E9}\u{E9}", "replace", .string(""), .string("|")) == .string("|\u{E9}|\u{E9}|"))
    #expect(errorMessage { try call("a", "replace", .string("a"), .string("$0")) } != nil)
    #expect(errorMessage { try call("a", "replace", .string("a"), .string("\\1")) } != nil)
  }

  @Test("split follows Java: no trailing empty pieces")
  func split() throws {
    #expect(try call("a/b/c", "split", .string("/")) == .list([.string("a"), .string("b"), .string("c")]))
    #expect(try call("a,b,", "split", .string(",")) == .list([.string("a"), .string("b")]))
    #expect(try call(",a", "split", .string(",")) == .list([.string(""), .string("a")]))
    #expect(try call(",", "split", .string(",")) == .list([]))
    #expect(try call("", "split", .string(",")) == .list([.string("")]))
    #expect(try call("abc", "split", .string("")) == .list([.string("a"), .string("b"), .string("c")]))
    #expect(try call("a1b22c", "split", .string("[0-9]+")) == .list([.string("a"), .string("b"), .string("c")]))
    #expect(try call("abc", "split", .string("x")) == .list([.string("abc")]))
  }

  @Test("index and slice by code point, no clamping")
  func indexAndSlice() throws {
    let s = RulesValue.string("hello world")
    #expect(try Operators.index(s, .int(1)) == .string("e"))
    #expect(try Operators.slice(s, .int(0), .int(5)) == .string("hello"))
    #expect(try Operators.slice(s, .int(3), .int(3)) == .string(""))
    #expect(try Operators.slice(s, nil, .int(2)) == .string("he"))
    #expect(try Operators.slice(s, .int(6), nil) == .string("world"))
    #expect(try Operators.index(.string("a\u{1F600}b"), .int(1)) == .string("\u{1F600}"))
    #expect(
      errorMessage { try Operators.slice(s, .int(6), .int(99)) }
        == "Index out of bound error. Index: [98] , size: [11].")
    #expect(errorMessage { try Operators.index(s, .int(11)) } == "Index out of bound error. Index: [11] , size: [11].")
    #expect(errorMessage { try Operators.index(s, .int(-1)) } == "Index out of bound error. Index: [-1] , size: [11].")
    #expect(errorMessage { try Operators.slice(s, .int(4), .int(2)) } != nil)
    #expect(errorMessage { try Operators.index(s, .string("a")) } != nil)
    #expect(errorMessage { try Operators.slice(s, .int(.min), .int(.min)) } != nil)
  }

  @Test("unknown methods, wrong arity and bad argument types are errors")
  func errors() {
    #expect(errorMessage { try call("a", "contains", .string("a")) } == "Function not found error: Name: [contains].")
    #expect(errorMessage { try call("a", "size", .int(1)) } == "Function not found error: Name: [size].")
    #expect(errorMessage { try call("a", "matches") } == "Function not found error: Name: [matches].")
    #expect(
      errorMessage { try call("a", "matches", .int(1)) }
        == "Unsupported operation error. Received: string.matches(int). Expected: string.matches(string).")
    #expect(errorMessage { try Builtins.callMethod(.null, "size", []) } == "Null value error.")
    #expect(errorMessage { try Builtins.callMethod(.int(1), "size", []) } == "Function not found error: Name: [size].")
  }
}
