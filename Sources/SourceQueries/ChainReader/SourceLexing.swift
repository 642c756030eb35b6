/// The byte-level lexing both chain tokenizers share (`JSTokenizer`, `CFamilyTokenizer`):
/// comments, escapes, identifier bytes, punctuation lookup.
enum SourceLexing {
  /// A byte of an identifier: ASCII letters, digits, `_`, `$`, and every byte of a non-ASCII
  /// character (so such a byte never reaches the punctuation lookup).
  static func isIdentByte(_ b: UInt8) -> Bool {
    (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x24
      || b >= 0x80
  }

  /// The index of the `}` that closes the `{` at `open` (a template's `${…}`), or `bytes.count`
  /// when the text ends first.
  static func matchingBrace(_ bytes: [UInt8], from open: Int) -> Int {
    var depth = 0
    var i = open
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "{") { depth += 1 }
      if bytes[i] == UInt8(ascii: "}") {
        depth -= 1
        if depth == 0 { break }
      }
      i += 1
    }
    return i
  }

  /// The bytes the escape `\` + `byte` stands for in a string.
  static func escape(_ byte: UInt8) -> [UInt8] {
    switch byte {
    case UInt8(ascii: "n"): [0x0A]
    case UInt8(ascii: "t"): [0x09]
    case UInt8(ascii: "r"): [0x0D]
    case UInt8(ascii: "0"): [0x00]
    default: [byte]
    }
  }

  /// A comment skipped: whether it spans a line break (Kotlin ends statements there).
  struct Comment {
    let spansLines: Bool
  }

  /// Skips the `//` or `/* */` comment at `i`, if there is one (block comments nest when
  /// `nested`; an unterminated one ends at the end): whether it spans a line break, or nil
  /// when there is no comment at `i`.
  static func skipComment(_ bytes: [UInt8], _ i: inout Int, nested: Bool) -> Comment? {
    let n = bytes.count
    guard bytes[i] == UInt8(ascii: "/"), i + 1 < n else { return nil }
    if bytes[i + 1] == UInt8(ascii: "/") {
      while i < n, bytes[i] != 0x0A { i += 1 }
      return Comment(spansLines: false)
    }
    guard bytes[i + 1] == UInt8(ascii: "*") else { return nil }
    i += 2
    var newline = false
    var level = 1
    while i < n, level > 0 {
      if bytes[i] == UInt8(ascii: "*"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "/") {
        level -= 1
        i += 2
      } else if nested, bytes[i] == UInt8(ascii: "/"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "*") {
        level += 1
        i += 2
      } else {
        if bytes[i] == 0x0A { newline = true }
        i += 1
      }
    }
    return Comment(spansLines: newline)
  }

  /// The length of the punctuation at `i`: 3 or 2 when `three` or `two` holds the characters there, else 1.
  static func punctuationLength(_ bytes: [UInt8], at i: Int, three: Set<String>, two: Set<String>) -> Int {
    if i + 3 <= bytes.count, three.contains(String(decoding: bytes[i..<i + 3], as: UTF8.self)) { return 3 }
    if i + 2 <= bytes.count, two.contains(String(decoding: bytes[i..<i + 2], as: UTF8.self)) { return 2 }
    return 1
  }
}
