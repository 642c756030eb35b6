import Testing

@testable import RulesLanguage

/// Hostile input: the parser must finish, in linear time, without crashing, and report
/// something sensible.
@Suite("Parser bad input")
struct ParserBadInputTests {
  typealias T = ParserTestSupport

  @Test("An empty or comment-only file expects 'service'")
  func empty() {
    assertParse("1️⃣", [(.parseExpectedService, "1️⃣")])
    assertParse("  // nothing\n/* here */\n1️⃣", [(.parseExpectedService, "1️⃣")])
    assertParse("rules_version = '2';1️⃣", [(.parseExpectedService, "1️⃣")])
  }

  @Test("Binary garbage ends with a bounded list of diagnostics")
  func garbage() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var bytes: [UInt8] = []
    for _ in 0..<200_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      bytes.append(UInt8(truncatingIfNeeded: state >> 56))
    }
    let source = SourceFile(name: "garbage", text: String(decoding: bytes, as: UTF8.self))
    let parsed = RulesParser.parse(source)
    #expect(!parsed.diagnostics.isEmpty)
    #expect(parsed.diagnostics.count <= Parser.maxDiagnostics + 1)
    #expect(parsed.diagnostics.last?.code == "parse.too-many-errors")
    let escapes = T.parse(T.wrap("allow read: if '" + String(repeating: "\\d", count: 5_000) + "' == x;"))
    #expect(escapes.diagnostics.count == Parser.maxDiagnostics + 1)
  }

  @Test("Invalid UTF-8 is reported at the first bad character")
  func invalidUTF8() {
    let bytes: [UInt8] =
      Array("service cloud.firestore { match /a { allow read: if 'a".utf8) + [0xFF, 0xFE]
      + Array("' == x; } }".utf8)
    let text = String(decoding: bytes, as: UTF8.self)
    let parsed = RulesParser.parse(SourceFile(name: "t", text: text))
    #expect(parsed.diagnostics.map(\.code) == ["lex.invalid-utf8"])
    #expect(parsed.diagnostics.first?.range.start == 54)
    let inCode = String(decoding: [0x61, 0x20, 0xC3], as: UTF8.self)
    #expect(inCode == "a \u{FFFD}")
    assertParseExpression("a 1️⃣\u{FFFD}", [(.lexInvalidUtf8, "1️⃣")])
  }

  @Test("NUL bytes are unexpected characters, inside strings too")
  func nul() {
    assertParse("service1️⃣\u{0}cloud.firestore { }", [(.lexUnexpectedCharacter, "1️⃣")])
    assertParseExpression("'a1️⃣\u{0}b'", [(.lexControlCharacter, "1️⃣")])
    assertParseExpression("1️⃣\u{0}\u{0}\u{0}", [(.lexUnexpectedCharacter, "1️⃣")])
  }

  @Test("Unterminated strings and comments at end of file")
  func unterminatedAtEOF() {
    assertParse(T.wrap("allow read: if x == 1️⃣'abc"), [(.lexUnterminatedString, "1️⃣")])
    assertParse("service cloud.firestore { match /a { allow read: if 1️⃣'abc", [(.lexUnterminatedString, "1️⃣")])
    assertParse("service cloud.firestore { 1️⃣/* match /a { allow read; } }", [(.lexUnterminatedComment, "1️⃣")])
  }

  private static let depth = 100_000

  @Test(
    "100,000 nested '(' '[' '{' give one nesting diagnostic",
    arguments: [
      ("(", ")"), ("[", "]"), ("{'k': ", "}"),
    ])
  func deepNesting(open: String, close: String) {
    let n = Self.depth
    let balanced = T.wrap(
      "allow read: if " + String(repeating: open, count: n) + "1" + String(repeating: close, count: n) + ";")
    #expect(T.parse(balanced).diagnostics.map(\.code) == ["parse.nesting-too-deep"])
    let unbalanced = "service cloud.firestore { match /a { allow read: if " + String(repeating: open, count: n)
    #expect(T.parse(unbalanced).diagnostics.map(\.code) == ["parse.nesting-too-deep"])
  }

  @Test("Deep ternaries, calls, unary chains and match blocks")
  func otherDeepShapes() {
    let n = Self.depth
    let ternary = "a" + String(repeating: " ? b : c", count: n)
    #expect(T.expression(ternary).diagnostics.map(\.code) == ["parse.nesting-too-deep"])
    let calls = String(repeating: "f(", count: n) + String(repeating: ")", count: n)
    #expect(T.expression(calls).diagnostics.map(\.code) == ["parse.nesting-too-deep"])
    let bangs = String(repeating: "!", count: n) + "x"
    #expect(T.expression(bangs).diagnostics.map(\.code) == ["parse.nesting-too-deep"])
    let matches =
      "service cloud.firestore {" + String(repeating: " match /a {", count: n)
      + " allow read;" + String(repeating: " }", count: n) + " }"
    #expect(T.parse(matches).diagnostics.map(\.code) == ["parse.nesting-too-deep"])
    let braces = String(repeating: "{", count: n)
    #expect(T.parse(braces).diagnostics.map(\.code) == ["parse.expected-declaration"])
  }

  @Test("Long operator and postfix chains are bounded too (they make tall trees)")
  func longChains() {
    let n = Self.depth
    for chain in [
      "a" + String(repeating: " && a", count: n), "a" + String(repeating: ".b", count: n),
      "a" + String(repeating: "[0]", count: n), "a" + String(repeating: ".f()", count: n),
      String(repeating: "-", count: n) + "1",
    ] {
      #expect(T.expression(chain).diagnostics.map(\.code) == ["parse.nesting-too-deep"])
    }
    // A realistic long chain is far from the limit.
    let allowList = (0..<400).map { "request.auth.uid == 'user\($0)'" }.joined(separator: " || ")
    #expect(T.expression(allowList).diagnostics.isEmpty)
  }

  @Test("A missing '}' after many blocks on one long line is reported in linear time")
  func unclosedOnOneLine() {
    // The note naming the misindented block measured each block's column by scanning back to
    // the start of its line: 5,000 blocks on one 200 KB line took a minute.
    let text = "service cloud.firestore { " + String(repeating: "match /a/{x} { allow read: if x == 'y'; } ", count: 5_000)
    let start = ContinuousClock.now
    let parsed = T.parse(text)
    #expect(ContinuousClock.now - start < .seconds(5))
    #expect(parsed.diagnostics.map(\.code) == ["parse.expected-token"])
    #expect(parsed.file.service?.items.count == 5_000)
  }

  @Test("A 10 MB file parses completely")
  func largeFile() {
    var text = "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n"
    var blocks = 0
    while text.utf8.count < 10_000_000 {
      text += """
            match /c\(blocks)/{id} {
              allow read: if request.auth != null && resource.data.owner == request.auth.uid;
              allow create: if request.resource.data.keys().hasOnly(['a', 'b']) && request.resource.data.a is string;
            }

        """
      blocks += 1
    }
    text += "  }\n}\n"
    let parsed = T.parse(text)
    #expect(parsed.diagnostics.isEmpty)
    guard case .match(let root) = parsed.file.service?.items.first else {
      Issue.record("no root match")
      return
    }
    #expect(root.matches.count == blocks)
  }

  @Test("Seeded mutations of a valid file: no crash, diagnostics in bounds and well-formed")
  func mutations() {
    let base = Array(
      T.wrap(
        """
        function isOwner(uid) { let me = request.auth.uid; return me == uid; }
        match /users/{uid}/{rest=**} {
          allow read, write: if isOwner(uid) && request.resource.data.tags[0:2] is list;
          allow create: if get(/databases/$(database)/documents/users/$(uid)).data.role in ['a', "b"]
            ? {'k': b'\\x00', 'n': -1.5}.size() > 0 : !(1 + 2 * 3 % 4 / 5 - 6 < 7);
        }
        """
      ).utf8)
    let inserts: [[UInt8]] = [
      "{", "}", "(", ")", "[", "]", ";", ":", ",", ".", "/", "$(", "'", "\"", "\\", "/*", "//",
      "match ", "allow ", "function ", "let ", "return ", "is ", "\u{0}", "\u{FFFD}", "é", "{x=**}",
      "9999999999999999999",
    ].map { Array($0.utf8) }
    var state: UInt64 = 42
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<400 {
      var bytes = base
      for _ in 0..<(1 + next(4)) {
        let at = next(bytes.count)
        if next(2) == 0 {
          bytes.removeSubrange(at..<min(bytes.count, at + 1 + next(6)))
        } else {
          bytes.insert(contentsOf: inserts[next(inserts.count)], at: at)
        }
      }
      let source = SourceFile(name: "m", text: String(decoding: bytes, as: UTF8.self))
      let parsed = RulesParser.parse(source)
      #expect(parsed.diagnostics.count <= Parser.maxDiagnostics + 1)
      for diagnostic in parsed.diagnostics {
        #expect(diagnostic.code.area == "parse" || diagnostic.code.area == "lex")
        #expect(!diagnostic.message.isEmpty)
        #expect(diagnostic.range.start >= 0 && diagnostic.range.end <= source.bytes.count)
      }
      let starts = parsed.diagnostics.map(\.range.start)
      #expect(starts == starts.sorted())
    }
  }

  @Test("A 1 MB identifier and a 1 MB string are fine")
  func longTokens() {
    let name = String(repeating: "a", count: 1_000_000)
    #expect(T.expr(name) == .identifier(name))
    let content = String(repeating: "x", count: 1_000_000)
    #expect(T.expr("'" + content + "'") == .string(content))
  }
}
