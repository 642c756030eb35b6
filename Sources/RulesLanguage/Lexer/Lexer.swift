/// The hand-written rules lexer: turns `SourceFile.bytes` into tokens on demand.
///
/// It never throws. A malformed piece of text becomes an `.unknown` or `.invalidLiteral`
/// token plus a diagnostic in `diagnostics`, which the caller drains. Whitespace and
/// comments are skipped before each token, so after `next()` the cursor sits exactly at
/// the end of the token returned: the parser relies on this to scan path literals and
/// match paths byte by byte from there (see `reset(to:)`).
package struct Lexer: Sendable {
  package var cursor: Cursor
  /// Diagnostics found since the caller last emptied this array.
  package var diagnostics: [Diagnostic] = []

  package init(bytes: [UInt8]) {
    self.cursor = Cursor(bytes: bytes)
  }

  package init(source: SourceFile) {
    self.init(bytes: source.bytes)
  }

  package var bytes: [UInt8] { cursor.bytes }

  /// The offset the next token will be looked for at.
  package var position: Int { cursor.position }

  /// Moves the lexer; used after the parser scanned a path by hand.
  package mutating func reset(to position: Int) {
    cursor.position = min(max(position, 0), cursor.bytes.count)
  }

  /// Lexes every token up to and including `.eof` (for tests and tools).
  package static func tokenize(_ source: SourceFile) -> (tokens: [Token], diagnostics: [Diagnostic]) {
    var lexer = Lexer(source: source)
    var tokens: [Token] = []
    while true {
      let token = lexer.next()
      tokens.append(token)
      if token.kind == .eof { break }
    }
    return (tokens, lexer.diagnostics)
  }

  /// Skips whitespace and comments, then lexes one token.
  package mutating func next() -> Token {
    skipTrivia()
    let start = cursor.position
    if cursor.isAtEnd { return Token(.eof, range: .at(start)) }
    let byte = cursor.peek()
    let kind: TokenKind
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
      kind = lexWordOrPrefixedString()
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      kind = lexNumber()
    case UInt8(ascii: "'"), UInt8(ascii: "\""):
      kind = lexQuoted(start: start, kind: .string)
    case UInt8(ascii: "."):
      if ByteClass.isDigit(cursor.peek(at: 1)) {
        kind = lexNumber()
      } else {
        cursor.advance()
        kind = .dot
      }
    default:
      kind = lexPunctuation(byte)
    }
    return Token(kind, range: SourceRange(start: start, end: cursor.position))
  }

  // MARK: - Trivia

  private mutating func skipTrivia() {
    let count = cursor.bytes.count
    while cursor.position < count {
      let byte = cursor.bytes[cursor.position]
      if ByteClass.isWhitespace(byte) {
        // A run of blanks in one local loop (the common case: indentation).
        var index = cursor.position + 1
        while index < count, ByteClass.isWhitespace(cursor.bytes[index]) { index += 1 }
        cursor.position = index
      } else if byte == UInt8(ascii: "/") && cursor.peek(at: 1) == UInt8(ascii: "/") {
        let start = cursor.position
        cursor.advance(while: { $0 != UInt8(ascii: "\n") })
        checkReplacementCharacters(in: start..<cursor.position)
      } else if byte == UInt8(ascii: "/") && cursor.peek(at: 1) == UInt8(ascii: "*") {
        skipBlockComment()
      } else {
        return
      }
    }
  }

  private mutating func skipBlockComment() {
    let start = cursor.position
    cursor.advance(by: 2)
    while !cursor.isAtEnd {
      if cursor.peek() == UInt8(ascii: "*") && cursor.peek(at: 1) == UInt8(ascii: "/") {
        cursor.advance(by: 2)
        checkReplacementCharacters(in: start..<cursor.position)
        return
      }
      cursor.advance()
    }
    checkReplacementCharacters(in: start..<cursor.position)
    diagnostics.append(LexDiagnostics.unterminatedComment(at: SourceRange(start: start, end: start + 2)))
  }

  /// Reports the first U+FFFD (what invalid UTF-8 decodes to) inside a comment or literal.
  mutating func checkReplacementCharacters(in range: Range<Int>) {
    let bytes = cursor.bytes
    var index = range.lowerBound
    while index < range.upperBound {
      if bytes[index] == 0xEF, index + 2 < bytes.count, bytes[index + 1] == 0xBF, bytes[index + 2] == 0xBD {
        diagnostics.append(LexDiagnostics.invalidUTF8(at: SourceRange(start: index, end: index + 3)))
        return
      }
      index += 1
    }
  }

  // MARK: - Words

  private mutating func lexWordOrPrefixedString() -> TokenKind {
    let start = cursor.position
    let first = cursor.peek()
    let second = cursor.peek(at: 1)
    if second == UInt8(ascii: "'") || second == UInt8(ascii: "\"") {
      switch first {
      case UInt8(ascii: "b"):
        cursor.advance()
        return lexQuoted(start: start, kind: .bytes)
      case UInt8(ascii: "B"):
        diagnostics.append(LexDiagnostics.uppercaseBytesPrefix(at: SourceRange(start: start, end: start + 1)))
        cursor.advance()
        return lexQuoted(start: start, kind: .bytes)
      case UInt8(ascii: "r"), UInt8(ascii: "R"):
        diagnostics.append(LexDiagnostics.rawString(at: SourceRange(start: start, end: start + 1)))
        cursor.advance()
        _ = lexQuoted(start: start, kind: .string)
        return .invalidLiteral
      default:
        break
      }
    }
    let count = cursor.bytes.count
    var index = start + 1
    while index < count, ByteClass.isIdentifierContinue(cursor.bytes[index]) { index += 1 }
    cursor.position = index
    return keyword(start: start, length: index - start) ?? .identifier
  }

  /// The keyword spelled by the word at `start`, decided by length and first byte so that
  /// an ordinary identifier costs at most one comparison.
  private func keyword(start: Int, length: Int) -> TokenKind? {
    let bytes = cursor.bytes
    func spells(_ text: StaticString) -> Bool {
      let pointer = text.utf8Start
      for offset in 1..<length where bytes[start + offset] != pointer[offset] { return false }
      return true
    }
    switch (length, bytes[start]) {
    case (2, UInt8(ascii: "i")):
      switch bytes[start + 1] {
      case UInt8(ascii: "f"): return .kwIf
      case UInt8(ascii: "n"): return .kwIn
      case UInt8(ascii: "s"): return .kwIs
      default: return nil
      }
    case (3, UInt8(ascii: "l")): return spells("let") ? .kwLet : nil
    case (4, UInt8(ascii: "t")): return spells("true") ? .kwTrue : nil
    case (4, UInt8(ascii: "n")): return spells("null") ? .kwNull : nil
    case (5, UInt8(ascii: "m")): return spells("match") ? .kwMatch : nil
    case (5, UInt8(ascii: "a")): return spells("allow") ? .kwAllow : nil
    case (5, UInt8(ascii: "f")): return spells("false") ? .kwFalse : nil
    case (6, UInt8(ascii: "r")): return spells("return") ? .kwReturn : nil
    case (7, UInt8(ascii: "s")): return spells("service") ? .kwService : nil
    case (8, UInt8(ascii: "f")): return spells("function") ? .kwFunction : nil
    case (13, UInt8(ascii: "r")): return spells("rules_version") ? .kwRulesVersion : nil
    default: return nil
    }
  }

  // MARK: - Punctuation

  private mutating func lexPunctuation(_ byte: UInt8) -> TokenKind {
    let start = cursor.position
    cursor.advance()
    switch byte {
    case UInt8(ascii: "{"): return .lBrace
    case UInt8(ascii: "}"): return .rBrace
    case UInt8(ascii: "("): return .lParen
    case UInt8(ascii: ")"): return .rParen
    case UInt8(ascii: "["): return .lBracket
    case UInt8(ascii: "]"): return .rBracket
    case UInt8(ascii: ","): return .comma
    case UInt8(ascii: ";"): return .semicolon
    case UInt8(ascii: ":"): return .colon
    case UInt8(ascii: "?"): return .question
    case UInt8(ascii: "+"): return .plus
    case UInt8(ascii: "-"): return .minus
    case UInt8(ascii: "*"): return .star
    case UInt8(ascii: "/"): return .slash
    case UInt8(ascii: "%"): return .percent
    case UInt8(ascii: "!"): return cursor.advance(matching: UInt8(ascii: "=")) ? .bangEqual : .bang
    case UInt8(ascii: "="): return cursor.advance(matching: UInt8(ascii: "=")) ? .equalEqual : .equal
    case UInt8(ascii: "<"): return cursor.advance(matching: UInt8(ascii: "=")) ? .lessEqual : .less
    case UInt8(ascii: ">"): return cursor.advance(matching: UInt8(ascii: "=")) ? .greaterEqual : .greater
    case UInt8(ascii: "&"):
      if cursor.advance(matching: UInt8(ascii: "&")) { return .ampAmp }
    case UInt8(ascii: "|"):
      if cursor.advance(matching: UInt8(ascii: "|")) { return .pipePipe }
    case UInt8(ascii: "$"):
      if cursor.advance(matching: UInt8(ascii: "(")) { return .dollarLParen }
    default:
      cursor.position = start
      return lexUnknownRun()
    }
    // A lone `&`, `|` or `$`.
    diagnostics.append(LexDiagnostics.unexpectedCharacter(cursor.bytes, at: SourceRange(start: start, end: start + 1)))
    return .unknown
  }

  /// Consumes a run of characters that cannot start a token and reports it once.
  private mutating func lexUnknownRun() -> TokenKind {
    let start = cursor.position
    repeat {
      cursor.advanceScalar()
    } while !cursor.isAtEnd && !Lexer.startsTokenOrTrivia(cursor.peek())
    diagnostics.append(
      LexDiagnostics.unexpectedCharacter(cursor.bytes, at: SourceRange(start: start, end: cursor.position)))
    return .unknown
  }

  /// Whether a byte begins whitespace, a comment or some token (possibly a malformed one).
  static func startsTokenOrTrivia(_ byte: UInt8) -> Bool {
    if ByteClass.isIdentifierContinue(byte) || ByteClass.isWhitespace(byte) { return true }
    switch byte {
    case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("),
      UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ";"),
      UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "+"),
      UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"), UInt8(ascii: "="),
      UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "$"):
      return true
    default:
      return false
    }
  }
}
