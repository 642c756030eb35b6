import RulesLanguage

/// Splits query-DSL text into tokens. Never throws: unreadable text becomes an
/// `.unknown` token plus a diagnostic.
package struct QueryLexer {
  private let bytes: [UInt8]
  private var position = 0
  package private(set) var diagnostics: [Diagnostic] = []

  package init(_ source: SourceFile) {
    self.bytes = source.bytes
  }

  /// Every token of the source, ending with `.end`.
  package static func tokenize(_ source: SourceFile) -> (tokens: [QueryToken], diagnostics: [Diagnostic]) {
    var lexer = QueryLexer(source)
    var tokens: [QueryToken] = []
    // Typical query text has a token per three or four bytes: one allocation, not several.
    tokens.reserveCapacity(source.bytes.count / 2 + 2)
    while true {
      let token = lexer.next()
      tokens.append(token)
      if token.kind == .end { break }
    }
    return (tokens, lexer.diagnostics)
  }

  private func peek(at offset: Int = 0) -> UInt8? {
    let index = position + offset
    return index < bytes.count ? bytes[index] : nil
  }

  private mutating func skipTrivia() {
    let count = bytes.count
    while position < count {
      let byte = bytes[position]
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        position += 1
        continue
      }
      guard byte == UInt8(ascii: "/"), position + 1 < count else { return }
      let second = bytes[position + 1]
      if second == UInt8(ascii: "/") {
        while position < count, bytes[position] != 0x0A { position += 1 }
      } else if second == UInt8(ascii: "*") {
        let start = position
        position += 2
        while position < count, !(bytes[position] == UInt8(ascii: "*") && peek(at: 1) == UInt8(ascii: "/")) {
          position += 1
        }
        if position >= count {
          diagnostics.append(
            .error(
              .queryUnterminatedComment, "unterminated block comment", at: SourceRange(start: start, end: position)))
        } else {
          position += 2
        }
      } else {
        return
      }
    }
  }

  /// The next token.
  package mutating func next() -> QueryToken {
    skipTrivia()
    let start = position
    guard let byte = peek() else { return QueryToken(.end, .at(position)) }
    func single(_ kind: QueryTokenKind, length: Int = 1) -> QueryToken {
      position += length
      return QueryToken(kind, SourceRange(start: start, end: position))
    }
    switch byte {
    case UInt8(ascii: "."):
      if let d = peek(at: 1), Self.isDigit(d) { return lexNumber(start) }
      return single(.dot)
    case UInt8(ascii: ","): return single(.comma)
    case UInt8(ascii: ":"): return single(.colon)
    case UInt8(ascii: ";"): return single(.semicolon)
    case UInt8(ascii: "("): return single(.leftParen)
    case UInt8(ascii: ")"): return single(.rightParen)
    case UInt8(ascii: "["): return single(.leftBracket)
    case UInt8(ascii: "]"): return single(.rightBracket)
    case UInt8(ascii: "{"): return single(.leftBrace)
    case UInt8(ascii: "}"): return single(.rightBrace)
    case UInt8(ascii: "-"): return single(.minus)
    case UInt8(ascii: "="):
      if peek(at: 1) == UInt8(ascii: "=") {
        return single(.equalEqual, length: peek(at: 2) == UInt8(ascii: "=") ? 3 : 2)
      }
      return single(.singleEqual)
    case UInt8(ascii: "!"):
      if peek(at: 1) == UInt8(ascii: "=") {
        return single(.bangEqual, length: peek(at: 2) == UInt8(ascii: "=") ? 3 : 2)
      }
      return single(.bang)
    case UInt8(ascii: "?"): return single(.question)
    case UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"), UInt8(ascii: "&"),
      UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "@"):
      return single(.otherOperator)
    case UInt8(ascii: "<"):
      return peek(at: 1) == UInt8(ascii: "=") ? single(.lessEqual, length: 2) : single(.less)
    case UInt8(ascii: ">"):
      return peek(at: 1) == UInt8(ascii: "=") ? single(.greaterEqual, length: 2) : single(.greater)
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      return lexQuoted(start, quote: byte, kind: .string)
    case UInt8(ascii: "`"):
      return lexQuoted(start, quote: byte, kind: .quotedIdentifier)
    default:
      if Self.isDigit(byte) { return lexNumber(start) }
      if Self.isIdentifierStart(byte) {
        let count = bytes.count
        position += 1
        while position < count, Self.isIdentifierContinue(bytes[position]) { position += 1 }
        return QueryToken(.identifier, SourceRange(start: start, end: position))
      }
    }
    // Unknown: consume one whole UTF-8 scalar.
    position += 1
    while let b = peek(), b & 0xC0 == 0x80 { position += 1 }
    let range = SourceRange(start: start, end: position)
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    diagnostics.append(.error(.queryUnexpectedCharacter, "unexpected character '\(text)'", at: range))
    return QueryToken(.unknown, range)
  }

  /// A number; `_` between digits (`1_000_000`: Swift, Kotlin, Java, JavaScript) is read and
  /// dropped by the parser, and Kotlin's and Java's `L` (long) suffix is part of the token.
  private mutating func lexNumber(_ start: Int) -> QueryToken {
    func digits() {
      while let b = peek(), Self.isDigit(b) || (b == UInt8(ascii: "_") && peek(at: 1).map(Self.isDigit) == true) {
        position += 1
      }
    }
    digits()
    if peek() == UInt8(ascii: "."), let d = peek(at: 1), Self.isDigit(d) {
      position += 1
      digits()
    }
    if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      var look = 1
      if let s = peek(at: 1), s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { look = 2 }
      if let d = peek(at: look), Self.isDigit(d) {
        position += look
        while let b = peek(), Self.isDigit(b) { position += 1 }
      }
    }
    if let suffix = peek(), suffix == UInt8(ascii: "L") || suffix == UInt8(ascii: "l"),
      !(peek(at: 1).map(Self.isIdentifierContinue) ?? false)
    {
      position += 1
    }
    return QueryToken(.number, SourceRange(start: start, end: position))
  }

  private mutating func lexQuoted(_ start: Int, quote: UInt8, kind: QueryTokenKind) -> QueryToken {
    position += 1
    let count = bytes.count
    while position < count {
      let b = bytes[position]
      if b == UInt8(ascii: "\\") {
        position += 2
        continue
      }
      if b == 0x0A { break }
      position += 1
      if b == quote { return QueryToken(kind, SourceRange(start: start, end: position)) }
    }
    position = min(position, bytes.count)
    let range = SourceRange(start: start, end: position)
    let what = kind == .string ? "string literal" : "backtick-quoted field name"
    diagnostics.append(.error(.queryUnterminatedString, "unterminated \(what)", at: range))
    return QueryToken(.unknown, range)
  }

  static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

  static func isIdentifierStart(_ b: UInt8) -> Bool {
    (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_") || b == UInt8(ascii: "$")
      || b >= 0x80
  }

  static func isIdentifierContinue(_ b: UInt8) -> Bool { isIdentifierStart(b) || isDigit(b) }
}

extension QueryLexer {
  /// Decodes a string or backtick token's text (quotes stripped, escapes resolved).
  /// Returns nil and a reason for a malformed escape.
  static func decodeQuoted(_ bytes: ArraySlice<UInt8>) -> (value: String?, error: String?) {
    guard bytes.count >= 2 else { return (nil, "malformed literal") }
    let inner = bytes.dropFirst().dropLast()
    // Most literals have no escape: their text is the bytes between the quotes.
    if !inner.contains(UInt8(ascii: "\\")) { return (String(decoding: inner, as: UTF8.self), nil) }
    let body = Array(inner)
    var out: [UInt8] = []
    var i = 0
    while i < body.count {
      let b = body[i]
      guard b == UInt8(ascii: "\\") else {
        out.append(b)
        i += 1
        continue
      }
      guard i + 1 < body.count else { return (nil, "trailing backslash") }
      let e = body[i + 1]
      i += 2
      switch e {
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "0"): out.append(0x00)
      case UInt8(ascii: "u"):
        guard i + 4 <= body.count, let code = UInt32(String(decoding: body[i..<i + 4], as: UTF8.self), radix: 16)
        else { return (nil, "invalid \\u escape") }
        i += 4
        var scalarValue = code
        // Combine a UTF-16 surrogate pair written as two escapes.
        if (0xD800...0xDBFF).contains(code), i + 6 <= body.count, body[i] == UInt8(ascii: "\\"),
          body[i + 1] == UInt8(ascii: "u"),
          let low = UInt32(String(decoding: body[i + 2..<i + 6], as: UTF8.self), radix: 16),
          (0xDC00...0xDFFF).contains(low)
        {
          scalarValue = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          i += 6
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { return (nil, "invalid \\u escape") }
        out.append(contentsOf: Array(String(Character(scalar)).utf8))
      default:
        // \\ \" \' \` and any other escaped character stand for themselves.
        out.append(e)
      }
    }
    return (String(decoding: out, as: UTF8.self), nil)
  }
}
