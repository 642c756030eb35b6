/// String literals: escapes, `\u` surrogate pairs, and the control characters JSON forbids raw.
extension JSONScanner {
  /// Parses a string starting at its opening quote.
  mutating func parseString() throws(JSONError) -> String {
    let start = index
    index += 1
    var runStart = index
    var buffer: [UInt8] = []
    var escaped = false
    while true {
      guard index < bytes.count else { throw error("unterminated string", at: start) }
      let b = bytes[index]
      if b == UInt8(ascii: "\"") {
        let text: String
        if escaped {
          buffer.append(contentsOf: bytes[runStart..<index])
          text = String(decoding: buffer, as: UTF8.self)
        } else {
          text = String(decoding: bytes[runStart..<index], as: UTF8.self)
        }
        index += 1
        return text
      }
      if b == UInt8(ascii: "\\") {
        escaped = true
        buffer.append(contentsOf: bytes[runStart..<index])
        try parseEscape(into: &buffer)
        runStart = index
        continue
      }
      if b < 0x20 {
        throw error("control character \(hex(UInt32(b))) must be escaped in a string", at: index)
      }
      index += 1
    }
  }

  mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONError) {
    let start = index
    index += 1
    guard let c = peek() else { throw error("unterminated string", at: start) }
    index += 1
    switch c {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(c)
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "n"): buffer.append(0x0A)
    case UInt8(ascii: "r"): buffer.append(0x0D)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try hex4(escapeStart: start)
      if (0xDC00...0xDFFF).contains(scalar) {
        throw error("unpaired low surrogate \\u\(hexDigits(scalar)) in a string", at: start)
      }
      if (0xD800...0xDBFF).contains(scalar) {
        let lowStart = index
        guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else { throw error("unpaired high surrogate \\u\(hexDigits(scalar)) in a string", at: start) }
        index += 2
        let low = try hex4(escapeStart: lowStart)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw error("unpaired high surrogate \\u\(hexDigits(scalar)) in a string", at: start)
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      }
      buffer.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
    default:
      throw error("invalid escape \\\(describeEscaped(c)) in a string", at: start)
    }
  }

  mutating func hex4(escapeStart: Int) throws(JSONError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let b = peek(), let digit = hexValue(b) else {
        throw error("\\u must be followed by 4 hexadecimal digits", at: escapeStart)
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  func hexValue(_ b: UInt8) -> UInt32? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}
