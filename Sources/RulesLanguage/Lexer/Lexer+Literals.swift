extension Lexer {
  /// Lexes `digits`, `digits.digits`, and reports the forms the rules language does not
  /// have: `.5`, `5.`, exponents, hex, suffixes and letters glued to digits.
  mutating func lexNumber() -> TokenKind {
    let start = cursor.position
    var kind = TokenKind.integer
    var problem: String?

    if cursor.peek() == UInt8(ascii: ".") {
      // `.5`: only reached when a digit follows the dot.
      cursor.advance()
      cursor.advance(while: ByteClass.isDigit)
      kind = .float
      problem = "a float literal needs a digit before '.'; write '0\(text(start..<cursor.position))'"
    } else {
      cursor.advance(while: ByteClass.isDigit)
      if cursor.peek() == UInt8(ascii: "."), ByteClass.isDigit(cursor.peek(at: 1)) {
        cursor.advance()
        cursor.advance(while: ByteClass.isDigit)
        kind = .float
      } else if cursor.peek() == UInt8(ascii: "."), !Lexer.continuesAfterDot(cursor.peek(at: 1)) {
        // `5.` followed by something that is no member name.
        cursor.advance()
        problem = "a float literal needs a digit after '.'; write '\(text(start..<cursor.position))0'"
      }
    }

    // Exponent: `1e3`, `2.5E-3`.
    let afterMantissa = cursor.position
    let exponentMark = cursor.peek()
    if exponentMark == UInt8(ascii: "e") || exponentMark == UInt8(ascii: "E") {
      var offset = 1
      if cursor.peek(at: 1) == UInt8(ascii: "+") || cursor.peek(at: 1) == UInt8(ascii: "-") { offset = 2 }
      if ByteClass.isDigit(cursor.peek(at: offset)) {
        cursor.advance(by: offset)
        cursor.advance(while: ByteClass.isDigit)
        if problem == nil {
          problem = "exponents are not supported in number literals; write the number out in full"
        }
      }
    }

    // Letters or digits glued on: `0x1F`, `1u`, `12abc`.
    if ByteClass.isIdentifierContinue(cursor.peek()) {
      cursor.advance(while: ByteClass.isIdentifierContinue)
      problem = "invalid number literal '\(text(start..<cursor.position))'"
    } else if afterMantissa != cursor.position, problem == nil {
      problem = "exponents are not supported in number literals; write the number out in full"
    }

    guard let problem else { return kind }
    diagnostics.append(LexDiagnostics.invalidNumber(problem, at: SourceRange(start: start, end: cursor.position)))
    return .invalidLiteral
  }

  /// Whether the byte after `5.` makes the dot a member access (`5.toString`) rather
  /// than a malformed float.
  static func continuesAfterDot(_ byte: UInt8) -> Bool {
    ByteClass.isIdentifierStart(byte) || byte == UInt8(ascii: ".")
  }

  /// Lexes a quoted literal whose opening quote is at the cursor; `start` is where the
  /// token starts (before a `b` prefix). Escapes are only skipped here: the parser
  /// decodes them.
  mutating func lexQuoted(start: Int, kind: TokenKind) -> TokenKind {
    let quote = cursor.peek()
    if cursor.peek(at: 1) == quote && cursor.peek(at: 2) == quote {
      return lexTripleQuoted(start: start, quote: quote)
    }
    cursor.advance()
    while true {
      if cursor.isAtEnd {
        return unterminated(start: start)
      }
      let byte = cursor.peek()
      if byte == quote {
        cursor.advance()
        checkReplacementCharacters(in: start..<cursor.position)
        return kind
      }
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        return unterminated(start: start)
      }
      if byte == UInt8(ascii: "\\") {
        let escaped = cursor.peek(at: 1)
        if escaped == UInt8(ascii: "\n") || escaped == UInt8(ascii: "\r") || cursor.position + 1 >= cursor.bytes.count {
          cursor.advance()
          continue
        }
        cursor.advance(by: 2)
        continue
      }
      cursor.advance()
    }
  }

  private mutating func unterminated(start: Int) -> TokenKind {
    checkReplacementCharacters(in: start..<cursor.position)
    diagnostics.append(LexDiagnostics.unterminatedString(at: SourceRange(start: start, end: cursor.position)))
    return .invalidLiteral
  }

  /// `'''...'''` is CEL only: consume it whole and report it once.
  private mutating func lexTripleQuoted(start: Int, quote: UInt8) -> TokenKind {
    cursor.advance(by: 3)
    while !cursor.isAtEnd {
      if cursor.peek() == quote && cursor.peek(at: 1) == quote && cursor.peek(at: 2) == quote {
        cursor.advance(by: 3)
        break
      }
      if cursor.peek() == UInt8(ascii: "\\") { cursor.advance() }
      cursor.advance()
    }
    diagnostics.append(LexDiagnostics.tripleQuoted(at: SourceRange(start: start, end: min(start + 3, cursor.position))))
    return .invalidLiteral
  }

  func text(_ range: Range<Int>) -> String {
    String(decoding: cursor.bytes[range], as: UTF8.self)
  }
}
