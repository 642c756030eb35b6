import Testing

@testable import RulesLanguage

@Suite("Lexer")
struct LexerTests {
  private func lex(_ text: String) -> (kinds: [TokenKind], texts: [String], codes: [DiagnosticCode]) {
    let source = SourceFile(name: "t", text: text)
    let (tokens, diagnostics) = Lexer.tokenize(source)
    return (tokens.map(\.kind), tokens.map { source.text(in: $0.range) }, diagnostics.map(\.code))
  }

  /// Asserts that lexing `marked` reports exactly `expected`: each diagnostic's code and the
  /// marker (`1️⃣`) where it starts (see `assertParse`).
  private func assertLex(
    _ marked: String, _ expected: [(DiagnosticCode, String)], sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let source = MarkedSource(marked)
    let (_, diagnostics) = Lexer.tokenize(SourceFile(name: "test.rules", text: source.text))
    assertMarked(source, diagnostics, expected, sourceLocation)
  }

  @Test("Keywords, contextual words and identifiers")
  func words() {
    let result = lex("rules_version service match allow if function return let true false null in is read list _x a1")
    #expect(
      result.kinds == [
        .kwRulesVersion, .kwService, .kwMatch, .kwAllow, .kwIf, .kwFunction, .kwReturn, .kwLet, .kwTrue,
        .kwFalse, .kwNull, .kwIn, .kwIs, .identifier, .identifier, .identifier, .identifier, .eof,
      ])
    #expect(result.codes.isEmpty)
    #expect(lex("matches iss inn").kinds == [.identifier, .identifier, .identifier, .eof])
  }

  @Test("Every operator and punctuation token")
  func punctuation() {
    let result = lex("{ } ( ) [ ] , ; : . ? ! + - * / % == != < <= > >= && || = $(")
    #expect(
      result.kinds == [
        .lBrace, .rBrace, .lParen, .rParen, .lBracket, .rBracket, .comma, .semicolon, .colon, .dot, .question,
        .bang, .plus, .minus, .star, .slash, .percent, .equalEqual, .bangEqual, .less, .lessEqual, .greater,
        .greaterEqual, .ampAmp, .pipePipe, .equal, .dollarLParen, .eof,
      ])
    #expect(lex("a<=b").texts == ["a", "<=", "b", ""])
    #expect(lex("!!=").kinds == [.bang, .bangEqual, .eof])
  }

  @Test("Token ranges are UTF-8 offsets")
  func ranges() {
    let source = SourceFile(name: "t", text: "'é' x")
    let (tokens, _) = Lexer.tokenize(source)
    #expect(tokens[0].range == SourceRange(start: 0, end: 4))
    #expect(tokens[1].range == SourceRange(start: 5, end: 6))
    #expect(tokens[2].range == SourceRange.at(6))
  }

  @Test("Numbers: ints and digits.digits floats")
  func numbers() {
    #expect(lex("0 42 2.25 0.5").kinds == [.integer, .integer, .float, .float, .eof])
    // A dot followed by a name is member access on the integer.
    #expect(lex("5.abs").kinds == [.integer, .dot, .identifier, .eof])
  }

  @Test(
    "Malformed numbers are one error each",
    arguments: [
      "1️⃣.5", "1️⃣5.", "1️⃣1e3", "1️⃣2.5E-3", "1️⃣0x1F", "1️⃣1u", "1️⃣12abc",
    ])
  func badNumbers(marked: String) {
    #expect(lex(MarkedSource(marked).text).kinds == [.invalidLiteral, .eof])
    assertLex(marked, [(.lexInvalidNumber, "1️⃣")])
  }

  @Test("Strings: both quotes, escapes skipped whole, bytes prefix")
  func strings() {
    #expect(
      lex(#"'a' "b" 'it\'s' "q\"" b'x' b"y""#).kinds == [.string, .string, .string, .string, .bytes, .bytes, .eof])
    #expect(lex(#"'\\' x"#).kinds == [.string, .identifier, .eof])
    #expect(lex("b + 'x'").kinds == [.identifier, .plus, .string, .eof])
  }

  @Test("String lexing errors")
  func stringErrors() {
    assertLex("1️⃣'abc", [(.lexUnterminatedString, "1️⃣")])
    assertLex("x = 1️⃣'abc\n2️⃣'y", [(.lexUnterminatedString, "1️⃣"), (.lexUnterminatedString, "2️⃣")])
    assertLex("1️⃣'abc\\", [(.lexUnterminatedString, "1️⃣")])
    assertLex("1️⃣r'raw'", [(.lexUnsupportedString, "1️⃣")])
    #expect(lex("'''triple'''").kinds == [.invalidLiteral, .eof])
    assertLex("1️⃣B'x'", [(.lexInvalidBytesPrefix, "1️⃣")])
  }

  @Test("Comments are skipped; an unterminated block comment is reported at its start")
  func comments() {
    #expect(lex("a // c\n b /* c\n c */ c").kinds == [.identifier, .identifier, .identifier, .eof])
    assertLex("a 1️⃣/* never closed", [(.lexUnterminatedComment, "1️⃣")])
    #expect(lex("a /* never closed").kinds == [.identifier, .eof])
    #expect(lex("// only a comment").kinds == [.eof])
    #expect(lex("a /*/ b */ c").kinds == [.identifier, .identifier, .eof])
  }

  @Test("Unexpected characters: one token and one diagnostic per run")
  func unexpected() {
    let result = lex("a ### b & c")
    #expect(result.kinds == [.identifier, .unknown, .identifier, .unknown, .identifier, .eof])
    assertLex("a 1️⃣### b 2️⃣& c", [(.lexUnexpectedCharacter, "1️⃣"), (.lexUnexpectedCharacter, "2️⃣")])
    assertLex("1️⃣$x", [(.lexUnexpectedCharacter, "1️⃣")])
    #expect(lex("café").kinds == [.identifier, .unknown, .eof])
  }

  @Test("Messages name the character")
  func messages() {
    let (_, diagnostics) = Lexer.tokenize(SourceFile(name: "t", text: "#\u{0}é"))
    #expect(diagnostics.map(\.message) == ["unexpected character '#'"])
    let (_, nul) = Lexer.tokenize(SourceFile(name: "t", text: "\u{0}"))
    #expect(nul.map(\.message) == ["unexpected character U+0000"])
    let (_, accent) = Lexer.tokenize(SourceFile(name: "t", text: "é"))
    #expect(accent.map(\.message) == ["unexpected character 'é' (U+00E9)"])
  }

  @Test("U+FFFD from invalid UTF-8 is reported in code, strings and comments")
  func replacementCharacter() {
    assertLex("a 1️⃣\u{FFFD} b", [(.lexInvalidUtf8, "1️⃣")])
    assertLex("'x1️⃣\u{FFFD}'", [(.lexInvalidUtf8, "1️⃣")])
    assertLex("// 1️⃣\u{FFFD}\u{FFFD}", [(.lexInvalidUtf8, "1️⃣")])
  }
}

@Suite("Literal decoding")
struct LiteralDecoderTests {
  private func decode(_ text: String) -> (String?, [String]) {
    let source = SourceFile(name: "t", text: text)
    var diagnostics: [Diagnostic] = []
    let value = LiteralDecoder.decodeString(
      source.bytes, range: SourceRange(start: 0, end: source.bytes.count),
      diagnostics: &diagnostics)
    return (value, diagnostics.map { "\($0.code)@\($0.range)" })
  }

  private func decodeBytes(_ text: String) -> ([UInt8]?, [String]) {
    let source = SourceFile(name: "t", text: text)
    var diagnostics: [Diagnostic] = []
    let value = LiteralDecoder.decodeBytes(
      source.bytes, range: SourceRange(start: 0, end: source.bytes.count),
      diagnostics: &diagnostics)
    return (value, diagnostics.map { "\($0.code)@\($0.range)" })
  }

  @Test("Valid escapes decode")
  func valid() {
    #expect(decode(#"'.*\\.txt'"#).0 == #".*\.txt"#)
    #expect(decode(#"'\u00E9\X41'"#).0 == "éA")
    #expect(decode(#"'\377'"#).0 == "\u{FF}")
    #expect(decode("'\ttab'").0 == "\ttab")
    #expect(decodeBytes(#"b'\xff\000'"#).0 == [0xFF, 0x00])
  }

  @Test(
    "Invalid escapes are errors with the escape's range",
    arguments: [
      (#"'\d'"#, "lex.invalid-escape@1..<3"),
      (#"'\.'"#, "lex.invalid-escape@1..<3"),
      (#"'\xF'"#, "lex.invalid-escape@1..<4"),
      (#"'\0'"#, "lex.invalid-escape@1..<3"),
      (#"'\12'"#, "lex.invalid-escape@1..<4"),
      (#"'\400'"#, "lex.invalid-escape@1..<5"),
      (#"'\uD800'"#, "lex.invalid-escape@1..<7"),
      (#"'\U00110000'"#, "lex.invalid-escape@1..<11"),
      (#"'\u12'"#, "lex.invalid-escape@1..<5"),
      ("'\\é'", "lex.invalid-escape@1..<4"),
      ("'a\u{1}b'", "lex.control-character@2..<3"),
    ])
  func invalid(text: String, expected: String) {
    let (value, codes) = decode(text)
    #expect(value == nil)
    #expect(codes == [expected])
  }

  @Test("Bytes escapes are stricter")
  func bytesRules() {
    #expect(decodeBytes(#"b'\u0041'"#).1 == ["lex.invalid-escape@2..<8"])
    #expect(decodeBytes(#"b'\xF'"#).1 == ["lex.invalid-escape@2..<5"])
    #expect(decodeBytes(#"b'\0'"#).1 == ["lex.invalid-escape@2..<4"])
  }

  @Test("Every bad escape in one literal is reported")
  func several() {
    #expect(decode(#"'\d and \w'"#).1 == ["lex.invalid-escape@1..<3", "lex.invalid-escape@8..<10"])
  }

  @Test("Integer bounds")
  func integers() {
    let max = Array("9223372036854775807".utf8)
    let over = Array("9223372036854775808".utf8)
    let range = SourceRange(start: 0, end: 19)
    #expect(LiteralDecoder.decodeInteger(max, range: range, negative: false) == Int64.max)
    #expect(LiteralDecoder.decodeInteger(over, range: range, negative: false) == nil)
    #expect(LiteralDecoder.decodeInteger(over, range: range, negative: true) == Int64.min)
    let huge = Array(String(repeating: "9", count: 40).utf8)
    #expect(LiteralDecoder.decodeInteger(huge, range: SourceRange(start: 0, end: 40), negative: true) == nil)
  }
}
