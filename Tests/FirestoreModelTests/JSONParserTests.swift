import FirestoreModel
import Testing

@Suite struct JSONParserTests {
  func parseError(_ text: String) -> JSONError? {
    do {
      _ = try JSONParser.parse(text, file: "data.json")
      return nil
    } catch {
      return error
    }
  }

  @Test func parsesScalars() throws {
    #expect(try JSONParser.parse("null") == .null)
    #expect(try JSONParser.parse(" true ") == .bool(true))
    #expect(try JSONParser.parse("false") == .bool(false))
    #expect(try JSONParser.parse("\"hi\"") == .string("hi"))
  }

  @Test func keepsIntegersAndFractionsApart() throws {
    #expect(try JSONParser.parse("1") == .int(1))
    #expect(try JSONParser.parse("-0") == .int(0))
    #expect(try JSONParser.parse("1.0") == .double(1.0))
    #expect(try JSONParser.parse("1e3") == .double(1000))
    #expect(try JSONParser.parse("2.5E-3") == .double(0.0025))
    #expect(try JSONParser.parse("-1.5") == .double(-1.5))
    #expect(try JSONParser.parse("9223372036854775807") == .int(Int64.max))
    #expect(try JSONParser.parse("-9223372036854775808") == .int(Int64.min))
  }

  @Test func rejectsIntegersBeyondInt64() {
    let error = parseError("[1, 9223372036854775808]")
    #expect(error?.message.contains("does not fit in 64 bits") == true)
    #expect(error?.path == JSONPath.root.appending(1))
    #expect(error?.line == 1 && error?.column == 5)
  }

  @Test func rejectsHugeDoubles() throws {
    #expect(parseError("1e400")?.message.contains("too large") == true)
    #expect(try JSONParser.parse("1e-400") == .double(0))
  }

  @Test(arguments: [
    ("01", "leading zeros"), ("-", "digit after '-'"), ("1.", "digit after '.'"), (".5", "unexpected '.'"),
    ("1e", "exponent"), ("+1", "unexpected '+'"), ("NaN", "unexpected 'NaN'"), ("Infinity", "unexpected 'Infinity'"),
    ("0x10", "after the JSON value"), ("True", "unexpected 'True'"), ("nul", "unexpected 'nul'"),
  ])
  func rejectsBadNumbersAndLiterals(text: String, fragment: String) {
    let error = parseError(text)
    #expect(error?.message.contains(fragment) == true, "\(String(describing: error))")
  }

  @Test func keepsKeyOrder() throws {
    let value = try JSONParser.parse(#"{"b": 1, "a": 2, "c": {"z": [], "y": {}}}"#)
    let object = try #require(value.objectValue)
    #expect(object.keys == ["b", "a", "c"])
    #expect(object["a"] == .int(2))
    #expect(object["missing"] == nil)
  }

  @Test func rejectsDuplicateKeysWithPlace() {
    let error = parseError("{\n  \"users\": {\"a\": 1,\n    \"a\": 2}}")
    #expect(error?.message == "duplicate key \"a\"")
    #expect(error?.line == 3 && error?.column == 5)
    #expect(error?.description == "data.json:3:5: $.users.a: duplicate key \"a\"")
  }

  @Test func errorsNameLineColumnAndPath() {
    let text = """
      {
        "cases": [
          {"request": {"path": "/a"}},
          {"request": {"path": tru}}
        ]
      }
      """
    let error = parseError(text)
    #expect(error?.description == "data.json:4:26: $.cases[1].request.path: unexpected 'tru': expected a value")
  }

  @Test func columnsCountCharactersNotBytes() {
    let error = parseError("{\"é\": x}")
    #expect(error?.line == 1)
    #expect(error?.column == 7)
    #expect(error?.offset == 7)
  }

  @Test(arguments: [
    ("[1, 2,]", "trailing comma"), ("{\"a\": 1,}", "trailing comma"), ("[1 2]", "expected ',' or ']'"),
    ("{\"a\" 1}", "expected ':'"), ("{a: 1}", "expected a string key"), ("[1, 2", "unterminated array"),
    ("{\"a\": 1", "unterminated object"), ("\"abc", "unterminated string"), ("", "empty input"),
    ("   ", "empty input"), ("[] []", "after the JSON value"), ("{\"a\": }", "expected a value"),
    ("[", "end of input"), ("'a'", "unexpected '''"),
  ])
  func rejectsStructuralErrors(text: String, fragment: String) {
    let error = parseError(text)
    #expect(error?.message.contains(fragment) == true, "\(String(describing: error))")
    #expect(error?.line != nil)
  }

  @Test func decodesEscapes() throws {
    #expect(try JSONParser.parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"))
    #expect(try JSONParser.parse(#""\u00e9\u20AC""#) == .string("é€"))
    #expect(try JSONParser.parse(#""\ud83d\ude00""#) == .string("😀"))
    #expect(try JSONParser.parse(#""\u0000""#) == .string("\u{0}"))
    #expect(try JSONParser.parse("\"é😀\"") == .string("é😀"))
  }

  @Test(arguments: [
    (#""\x""#, "invalid escape \\x"), (#""\u12""#, "4 hexadecimal digits"), (#""\ud83d""#, "unpaired high surrogate"),
    (#""\ude00""#, "unpaired low surrogate"), (#""\ud83d\u0041""#, "unpaired high surrogate"),
    ("\"a\nb\"", "control character U+000A"), ("\"a\tb\"", "control character U+0009"),
  ])
  func rejectsBadStrings(text: String, fragment: String) {
    let error = parseError(text)
    #expect(error?.message.contains(fragment) == true, "\(String(describing: error))")
  }

  @Test func rejectsInvalidUTF8WithOffset() {
    for (bytes, offset) in [
      ([0x22, 0x61, 0xFF, 0x22] as [UInt8], 2), ([0x22, 0xC0, 0xAF, 0x22], 1), ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),
      ([0x22, 0xE2, 0x82], 1), ([0x5B, 0x80, 0x5D], 1), ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),
    ] {
      do {
        _ = try JSONParser.parse(bytes: bytes)
        Issue.record("accepted \(bytes)")
      } catch {
        #expect(error.message == "invalid UTF-8 at byte offset \(offset)")
        #expect(error.offset == offset)
      }
    }
  }

  @Test func skipsByteOrderMark() throws {
    #expect(try JSONParser.parse(bytes: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.int(1)]))
  }

  @Test func deepNestingFailsWithoutCrashing() {
    let text = String(repeating: "[", count: 100_000)
    let error = parseError(text)
    #expect(error?.message == "nesting deeper than 512 levels of arrays and objects")
    let deepObjects = String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600)
    #expect(parseError(deepObjects)?.message.contains("nesting deeper") == true)
  }

  @Test func nestingAtTheLimitIsAccepted() throws {
    let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    _ = try JSONParser.parse(text)
    let tight = JSONParser.Options(maxDepth: 2)
    #expect(throws: JSONError.self) { try JSONParser.parse("[[[]]]", options: tight) }
    #expect(try JSONParser.parse("[[]]", options: tight) == .array([.array([])]))
  }

  @Test func sourceMapLocatesLaterErrors() throws {
    let text = "{\n  \"users/alice\": {\n    \"age\": \"x\"\n  }\n}"
    let (value, map) = try JSONParser.parseWithSourceMap(bytes: Array(text.utf8), file: "data.json")
    let user = JSONPath.root.appending("users/alice")
    let path = user.appending("age")
    do {
      _ = try value.objectValue?["users/alice"]?.objectValue?.int("age", at: user)
      Issue.record("expected a type error")
    } catch {
      let located = map.locate(error)
      #expect(located.description == "data.json:3:12: $.users/alice.age: expected an integer, found a string")
    }
    #expect(map.offset(of: path) == 32)
    #expect(map.offset(of: user.appending("missing")) == nil)
    // A path that does not exist is placed at its closest existing ancestor.
    let missing = map.locate(JSONError("missing required key \"name\"", path: user.appending("name")))
    #expect(missing.description == "data.json:2:18: $.users/alice.name: missing required key \"name\"")
    let inArray = try JSONParser.parseWithSourceMap(bytes: Array("[1, [2, {\"k\": [3]}]]".utf8)).sourceMap
    #expect(inArray.offset(of: JSONPath.root.appending(1).appending(1).appending("k").appending(0)) == 15)
    #expect(inArray.offset(of: JSONPath.root.appending(0).appending(0)) == nil)
  }

  /// One scan finds every element of an array, at the offsets `offset(of:)` gives one by one
  /// (suites locate every case this way: one scan per case made loading quadratic).
  @Test func elementOffsetsAgreeWithOffsetOf() throws {
    let text = #"{"a": [1], "cases": [ {"n": [1, 2]}, "x", [[]], {"cases": [9]}, null ], "z": {"cases": [7]}}"#
    let map = try JSONParser.parseWithSourceMap(bytes: Array(text.utf8)).sourceMap
    let cases = JSONPath.root.appending("cases")
    let offsets = map.elementOffsets(ofArrayAt: cases)
    #expect(offsets.count == 5)
    #expect(offsets == (0..<5).compactMap { map.offset(of: cases.appending($0)) })
    #expect(map.elementOffsets(ofArrayAt: JSONPath.root.appending("z").appending("cases")).count == 1)
    #expect(map.elementOffsets(ofArrayAt: JSONPath.root.appending("missing")).isEmpty)
    #expect(map.elementOffsets(ofArrayAt: JSONPath.root.appending("a")) == [7])
  }
}
