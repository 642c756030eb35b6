/// The lexical diagnostics (`lex.*` codes), in one catalog so the wording is testable.
package enum LexDiagnostics {
  package static func unexpectedCharacter(_ bytes: [UInt8], at range: SourceRange) -> Diagnostic {
    let first = range.start < bytes.count ? bytes[range.start] : 0
    if first == 0xEF, range.start + 2 < bytes.count, bytes[range.start + 1] == 0xBF, bytes[range.start + 2] == 0xBD {
      return invalidUTF8(at: range)
    }
    let shown: String
    if first >= 0x21 && first < 0x7F {
      shown = "'\(Character(Unicode.Scalar(first)))'"
    } else {
      var cursor = Cursor(bytes: bytes, position: range.start)
      cursor.advanceScalar()
      let scalarText = String(decoding: bytes[range.start..<cursor.position], as: UTF8.self)
      let scalar = scalarText.unicodeScalars.first?.value ?? UInt32(first)
      let hex = String(scalar, radix: 16, uppercase: true)
      let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      shown = first < 0x80 ? code : "'\(scalarText)' (\(code))"
    }
    return .error(.lexUnexpectedCharacter, "unexpected character \(shown)", at: range)
  }

  package static func invalidUTF8(at range: SourceRange) -> Diagnostic {
    .error(.lexInvalidUtf8, "invalid UTF-8 in source (decoded as U+FFFD)", at: range)
  }

  package static func unterminatedComment(at range: SourceRange) -> Diagnostic {
    .error(.lexUnterminatedComment, "unterminated block comment", at: range)
  }

  package static func unterminatedString(at range: SourceRange) -> Diagnostic {
    .error(.lexUnterminatedString, "unterminated string literal", at: range)
  }

  package static func tripleQuoted(at range: SourceRange) -> Diagnostic {
    .error(.lexUnsupportedString, "triple-quoted strings are not supported", at: range)
  }

  package static func rawString(at range: SourceRange) -> Diagnostic {
    .error(.lexUnsupportedString, "raw string literals are not supported", at: range)
  }

  package static func uppercaseBytesPrefix(at range: SourceRange) -> Diagnostic {
    .error(.lexInvalidBytesPrefix, "a bytes literal starts with a lowercase 'b'", at: range)
  }

  package static func invalidNumber(_ message: String, at range: SourceRange) -> Diagnostic {
    .error(.lexInvalidNumber, message, at: range)
  }

  package static func invalidEscape(_ message: String, at range: SourceRange) -> Diagnostic {
    .error(.lexInvalidEscape, message, at: range)
  }

  package static func controlCharacter(at range: SourceRange) -> Diagnostic {
    .error(.lexControlCharacter, "control character in string literal; use an escape sequence", at: range)
  }
}
