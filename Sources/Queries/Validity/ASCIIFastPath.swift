/// Byte-level answers to character-level string questions, valid when the text is ASCII.
///
/// Swift compares and splits `String`s by grapheme cluster (and Foundation's `contains` by
/// canonical equivalence), which costs far more than the checks themselves. For ASCII text
/// every character is one byte (CRLF aside, which no needle here involves), so the byte
/// answer is the same. Callers test `isASCII` first and keep the original expression for
/// any other text.
enum ASCIIFastPath {
  /// Whether every byte of `text` is ASCII.
  static func isASCII(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 < 0x80 }
  }

  /// Whether the UTF-8 of `text` contains `byte`.
  static func contains(_ text: String, _ byte: UInt8) -> Bool {
    text.utf8.contains(byte)
  }

  /// Whether the UTF-8 of `text` contains `byte` twice in a row.
  static func containsPair(_ text: String, _ byte: UInt8) -> Bool {
    var previous: UInt8 = 0
    for current in text.utf8 {
      if current == byte && previous == byte { return true }
      previous = current
    }
    return false
  }

  /// `text.split(separator:omittingEmptySubsequences:)` on one ASCII separator byte.
  static func split(_ text: String, on separator: UInt8, omittingEmpty: Bool) -> [String] {
    var text = text
    return text.withUTF8 { bytes in
      var parts: [String] = []
      var start = 0
      for index in 0..<bytes.count where bytes[index] == separator {
        if !omittingEmpty || start != index {
          parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        }
        start = index + 1
      }
      if !omittingEmpty || start != bytes.count {
        parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]), as: UTF8.self))
      }
      return parts
    }
  }
}
