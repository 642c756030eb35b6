/// Decodes the text of literal tokens: numbers, and string and bytes escapes.
///
/// Escapes (CEL's set, spec §1.4): `\\ \' \" \` \? \a \b \f \n \r \t \v`, `\xHH` (exactly two
/// hex digits), `\ooo` (exactly three octal digits, at most `\377`), and in strings only
/// `\uHHHH` and `\UHHHHHHHH`. In a string, `\x` and octal escapes name a code point (so
/// `'\xE9'` is "é"); in bytes they name one byte. Anything else is an error.
package enum LiteralDecoder {
  /// Decodes a `.string` token (quotes included). Returns nil after reporting errors.
  package static func decodeString(
    _ bytes: [UInt8], range: SourceRange, diagnostics: inout [Diagnostic]
  ) -> String? {
    guard let decoded = decodeQuoted(bytes, range: range, isBytes: false, diagnostics: &diagnostics) else {
      return nil
    }
    return String(decoding: decoded, as: UTF8.self)
  }

  /// Decodes a `.bytes` token (`b'..'`, prefix and quotes included). Returns nil after reporting errors.
  package static func decodeBytes(
    _ bytes: [UInt8], range: SourceRange, diagnostics: inout [Diagnostic]
  ) -> [UInt8]? {
    decodeQuoted(bytes, range: range, isBytes: true, diagnostics: &diagnostics)
  }

  /// The value of a decimal integer token, negated if `negative`; nil when it does not fit
  /// in a signed 64-bit integer (`-9223372036854775808` fits, `9223372036854775808` does not).
  package static func decodeInteger(_ bytes: [UInt8], range: SourceRange, negative: Bool) -> Int64? {
    var magnitude: UInt64 = 0
    for index in range.start..<range.end {
      let byte = bytes[index]
      guard ByteClass.isDigit(byte) else { return nil }
      let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - 0x30))
      if overflow1 || overflow2 { return nil }
      magnitude = sum
    }
    if negative {
      if magnitude == UInt64(Int64.max) + 1 { return Int64.min }
      return magnitude <= UInt64(Int64.max) ? -Int64(magnitude) : nil
    }
    return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
  }

  /// The value of a `digits.digits` token; nil if it is not finite.
  package static func decodeFloat(_ bytes: [UInt8], range: SourceRange) -> Double? {
    let text = String(decoding: bytes[range.start..<range.end], as: UTF8.self)
    guard let value = Double(text), value.isFinite else { return nil }
    return value
  }

  // MARK: - Quoted literals

  private static func decodeQuoted(
    _ bytes: [UInt8], range: SourceRange, isBytes: Bool, diagnostics: inout [Diagnostic]
  ) -> [UInt8]? {
    // The lexer only makes `.string`/`.bytes` tokens with both quotes present.
    var index = range.start + (isBytes ? 2 : 1)
    let end = min(range.end - 1, bytes.count)  // the closing quote
    guard index <= end else { return [] }
    var output: [UInt8] = []
    output.reserveCapacity(end - index)
    var failed = false

    while index < end {
      let byte = bytes[index]
      if byte != UInt8(ascii: "\\") {
        if byte < 0x20 && byte != 0x09 || byte == 0x7F {
          diagnostics.append(LexDiagnostics.controlCharacter(at: SourceRange(start: index, end: index + 1)))
          failed = true
        }
        output.append(byte)
        index += 1
        continue
      }
      let escapeStart = index
      index += 1
      guard index < end else {
        diagnostics.append(
          LexDiagnostics.invalidEscape("incomplete escape sequence", at: SourceRange(start: escapeStart, end: index)))
        failed = true
        break
      }
      let letter = bytes[index]
      index += 1
      switch letter {
      case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "?"):
        output.append(letter)
      case UInt8(ascii: "a"): output.append(0x07)
      case UInt8(ascii: "b"): output.append(0x08)
      case UInt8(ascii: "f"): output.append(0x0C)
      case UInt8(ascii: "n"): output.append(0x0A)
      case UInt8(ascii: "r"): output.append(0x0D)
      case UInt8(ascii: "t"): output.append(0x09)
      case UInt8(ascii: "v"): output.append(0x0B)
      case UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "u"), UInt8(ascii: "U"):
        let digits = letter == UInt8(ascii: "u") ? 4 : letter == UInt8(ascii: "U") ? 8 : 2
        var value: UInt32 = 0
        var count = 0
        while count < digits, index < end, ByteClass.isHexDigit(bytes[index]) {
          value = value &* 16 &+ ByteClass.hexValue(bytes[index])
          index += 1
          count += 1
        }
        let escapeRange = SourceRange(start: escapeStart, end: index)
        let spelled = "\\" + String(Character(Unicode.Scalar(letter)))
        if count < digits {
          diagnostics.append(
            LexDiagnostics.invalidEscape("'\(spelled)' needs exactly \(digits) hex digits", at: escapeRange))
          failed = true
        } else if isBytes && digits > 2 {
          diagnostics.append(
            LexDiagnostics.invalidEscape("'\(spelled)' escapes are not allowed in bytes literals", at: escapeRange))
          failed = true
        } else if !append(value, to: &output, isBytes: isBytes) {
          diagnostics.append(
            LexDiagnostics.invalidEscape("'\(spelled)' escape is not a valid Unicode scalar value", at: escapeRange))
          failed = true
        }
      case UInt8(ascii: "0")...UInt8(ascii: "7"):
        var value = UInt32(letter - 0x30)
        var count = 1
        while count < 3, index < end, ByteClass.isOctalDigit(bytes[index]) {
          value = value * 8 + UInt32(bytes[index] - 0x30)
          index += 1
          count += 1
        }
        let escapeRange = SourceRange(start: escapeStart, end: index)
        if count < 3 {
          diagnostics.append(
            LexDiagnostics.invalidEscape("octal escapes need exactly 3 digits, as in '\\000'", at: escapeRange))
          failed = true
        } else if value > 0o377 {
          diagnostics.append(LexDiagnostics.invalidEscape("octal escape is larger than '\\377'", at: escapeRange))
          failed = true
        } else {
          _ = append(value, to: &output, isBytes: isBytes)
        }
      default:
        // Report the whole (possibly multi-byte) character after the backslash.
        var cursor = Cursor(bytes: bytes, position: index - 1)
        cursor.advanceScalar()
        index = min(cursor.position, end)
        let shown = String(decoding: bytes[(escapeStart + 1)..<index], as: UTF8.self)
        diagnostics.append(
          LexDiagnostics.invalidEscape(
            "unknown escape sequence '\\\(shown)'", at: SourceRange(start: escapeStart, end: index)))
        failed = true
      }
    }
    return failed ? nil : output
  }

  /// Appends a byte (bytes literals) or the UTF-8 encoding of a scalar (strings).
  private static func append(_ value: UInt32, to output: inout [UInt8], isBytes: Bool) -> Bool {
    if isBytes {
      guard value <= 0xFF else { return false }
      output.append(UInt8(value))
      return true
    }
    guard let scalar = Unicode.Scalar(value) else { return false }
    output.append(contentsOf: Array(String(Character(scalar)).utf8))
    return true
  }
}
