/// A position in a UTF-8 byte buffer with one-byte look-ahead helpers.
///
/// Reading past the end yields 0, which no token accepts, so callers never index
/// out of bounds; a real NUL byte is told apart by `isAtEnd`.
package struct Cursor: Sendable {
  package let bytes: [UInt8]
  package var position: Int

  package init(bytes: [UInt8], position: Int = 0) {
    self.bytes = bytes
    self.position = position
  }

  package var isAtEnd: Bool { position >= bytes.count }

  /// The byte `offset` bytes ahead of the position, or 0 past the end.
  @inline(__always)
  package func peek(at offset: Int = 0) -> UInt8 {
    let index = position + offset
    return index < bytes.count && index >= 0 ? bytes[index] : 0
  }

  /// Whether the bytes at the position spell `text`.
  package func `is`(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    let pointer = text.utf8Start
    for index in 0..<count where bytes[position + index] != pointer[index] {
      return false
    }
    return true
  }

  @inline(__always)
  package mutating func advance(by count: Int = 1) {
    position = min(position + count, bytes.count)
  }

  /// Advances over one byte if it equals `byte`.
  @inline(__always)
  package mutating func advance(matching byte: UInt8) -> Bool {
    guard !isAtEnd, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  /// Advances while the predicate holds for the current byte.
  @inline(__always)
  package mutating func advance(while predicate: (UInt8) -> Bool) {
    while position < bytes.count, predicate(bytes[position]) {
      position += 1
    }
  }

  /// Advances over one whole UTF-8 scalar (1-4 bytes; a stray continuation byte counts as one).
  package mutating func advanceScalar() {
    guard !isAtEnd else { return }
    let lead = bytes[position]
    let length: Int =
      if lead < 0x80 { 1 } else if lead >= 0xF0 { 4 } else if lead >= 0xE0 { 3 } else if lead >= 0xC0 { 2 } else { 1 }
    position += 1
    var remaining = length - 1
    while remaining > 0, position < bytes.count, bytes[position] & 0xC0 == 0x80 {
      position += 1
      remaining -= 1
    }
  }
}

/// Byte classes shared by the lexer and the path scanners.
package enum ByteClass {
  @inline(__always)
  package static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  @inline(__always)
  package static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
  }

  @inline(__always)
  package static func isOctalDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x37 }

  @inline(__always)
  package static func isLetter(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }

  @inline(__always)
  package static func isIdentifierStart(_ byte: UInt8) -> Bool { isLetter(byte) || byte == 0x5F }

  @inline(__always)
  package static func isIdentifierContinue(_ byte: UInt8) -> Bool {
    // One shift and test instead of four range checks: bit `byte - 64` of the mask is set
    // for `A`-`Z` (bits 1-26), `_` (31) and `a`-`z` (33-58); digits are the only
    // identifier bytes below 64.
    if byte >= 64 { return byte < 128 && (0x07FF_FFFE_87FF_FFFE as UInt64) >> UInt64(byte &- 64) & 1 != 0 }
    return byte >= 0x30 && byte <= 0x39
  }

  @inline(__always)
  package static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Characters allowed in a literal path segment (match paths and path literals):
  /// letters, digits, `_`, `-`, `.`, `~`, `%` and `@`.
  @inline(__always)
  package static func isPathSegment(_ byte: UInt8) -> Bool {
    isIdentifierContinue(byte) || byte == 0x2D || byte == 0x2E || byte == 0x7E || byte == 0x25 || byte == 0x40
  }

  /// The value of a hex digit (assumes `isHexDigit`).
  @inline(__always)
  package static func hexValue(_ byte: UInt8) -> UInt32 {
    if isDigit(byte) { return UInt32(byte - 0x30) }
    if byte >= 0x61 { return UInt32(byte - 0x61 + 10) }
    return UInt32(byte - 0x41 + 10)
  }
}
