/// Splits Kotlin, Java or Dart source into tokens: comments skipped (nested block comments
/// where the language nests them), strings decoded (single, double, triple-quoted, raw), a
/// string with interpolated parts (`$name`, `${...}`) a template. Never fails: an unterminated
/// string or comment ends at the end of the file.
struct CFamilyTokenizer: Sendable {
  /// `'...'` is a string (Dart), not a character literal.
  var singleQuotedStrings = false
  /// `$name` and `${...}` interpolate in strings (Kotlin, Dart).
  var interpolation = false
  /// `r'...'` is a raw string (Dart).
  var rawPrefix = false
  /// Block comments nest (Kotlin, Dart).
  var nestedComments = false
  /// Triple-quoted strings are raw: no escapes (Kotlin).
  var tripleQuotedRaw = false

  static let threeCharacter: Set<String> = ["...", "?..", "===", "!==", "??=", "<<=", ">>=", "..<"]
  static let twoCharacter: Set<String> = [
    "?.", "?:", "->", "::", "..", "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "++", "--", "+=", "-=", "*=", "/=",
    "%=", "&=", "|=", "^=", "<<", "~/",
  ]

  func tokenize(_ text: String) -> [ChainToken] {
    let bytes = Array(text.utf8)
    var tokens: [ChainToken] = []
    var i = 0
    let n = bytes.count
    var newline = false
    let isIdentByte = SourceLexing.isIdentByte
    func add(_ kind: ChainToken.Kind, _ value: String, _ start: Int) {
      tokens.append(ChainToken(kind: kind, text: value, start: start, end: i, newlineBefore: newline))
      newline = false
    }
    while i < n {
      let b = bytes[i]
      if b == 0x0A {
        newline = true
        i += 1
        continue
      }
      if b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0C || b == 0x0B {
        i += 1
        continue
      }
      if let comment = SourceLexing.skipComment(bytes, &i, nested: nestedComments) {
        if comment.spansLines { newline = true }
        continue
      }
      let start = i
      var raw = false
      if rawPrefix, b == UInt8(ascii: "r"), i + 1 < n,
        bytes[i + 1] == UInt8(ascii: "'") || bytes[i + 1] == UInt8(ascii: "\"")
      {
        raw = true
        i += 1
      }
      let q = bytes[i]
      if q == UInt8(ascii: "\"") || (q == UInt8(ascii: "'") && singleQuotedStrings) {
        let triple = i + 2 < n && bytes[i + 1] == q && bytes[i + 2] == q
        i += triple ? 3 : 1
        let noEscapes = raw || (triple && tripleQuotedRaw)
        var value: [UInt8] = []
        var constant = true
        while i < n {
          let c = bytes[i]
          if triple {
            if c == q, i + 2 < n, bytes[i + 1] == q, bytes[i + 2] == q { break }
          } else if c == q || c == 0x0A {
            break
          }
          if c == UInt8(ascii: "\\"), !noEscapes, i + 1 < n {
            value += SourceLexing.escape(bytes[i + 1])
            i += 2
          } else if c == UInt8(ascii: "$"), interpolation, !raw, i + 1 < n,
            bytes[i + 1] == UInt8(ascii: "{") || (isIdentByte(bytes[i + 1]) && bytes[i + 1] != UInt8(ascii: "$"))
          {
            constant = false
            i += 1
            var name: [UInt8] = []
            if bytes[i] == UInt8(ascii: "{") {
              let open = i
              i = SourceLexing.matchingBrace(bytes, from: open)
              let inside = Array(bytes[min(open + 1, i)..<min(i, n)])
              if !inside.isEmpty, inside.allSatisfy({ isIdentByte($0) && $0 != UInt8(ascii: "$") }) { name = inside }
              i += 1
            } else {
              let first = i
              while i < n, isIdentByte(bytes[i]), bytes[i] != UInt8(ascii: "$") { i += 1 }
              name = Array(bytes[first..<i])
            }
            // A part that names a variable is kept (`\u{1}name\u{2}`): the reader fills in a constant.
            value += name.isEmpty ? Array("{}".utf8) : [0x01] + name + [0x02]
          } else {
            // A line break inside a (triple-quoted) string is its text, not one before the token.
            value.append(c)
            i += 1
          }
        }
        i = min(n, i + (triple ? 3 : 1))
        add(constant ? .string : .template, String(decoding: value, as: UTF8.self), start)
        continue
      }
      if raw { i = start }
      if b == UInt8(ascii: "'") {
        // A character literal (Kotlin, Java): a value Flint does not read (not a string, not "").
        i += 1
        while i < n, bytes[i] != UInt8(ascii: "'"), bytes[i] != 0x0A {
          i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
        }
        i = min(n, i + 1)
        add(.unreadLiteral, "", start)
        continue
      }
      if b == UInt8(ascii: "`") {
        // A Kotlin name in backticks.
        i += 1
        while i < n, bytes[i] != UInt8(ascii: "`"), bytes[i] != 0x0A { i += 1 }
        let name = String(decoding: bytes[min(start + 1, i)..<i], as: UTF8.self)
        i = min(n, i + 1)
        add(.identifier, name, start)
        continue
      }
      if b >= 0x30 && b <= 0x39 || (b == UInt8(ascii: ".") && i + 1 < n && bytes[i + 1] >= 0x30 && bytes[i + 1] <= 0x39)
      {
        if let value = number(bytes, &i) { add(.number, value, start) } else { add(.unreadLiteral, "", start) }
        continue
      }
      if isIdentByte(b) {
        i += 1
        while i < n, isIdentByte(bytes[i]) { i += 1 }
        add(.identifier, String(decoding: bytes[start..<i], as: UTF8.self), start)
        continue
      }
      i += SourceLexing.punctuationLength(bytes, at: i, three: Self.threeCharacter, two: Self.twoCharacter)
      add(.punctuation, String(decoding: bytes[start..<i], as: UTF8.self), start)
    }
    tokens.append(ChainToken(kind: .end, text: "", start: n, end: n, newlineBefore: newline))
    return tokens
  }

  /// A number literal from `i`: digits, a fraction, an exponent, `_` separators; a type suffix
  /// (`10L`, `1.5f`) is dropped, so the text is the DSL number. Nil for a hex or binary literal
  /// without digits, with a digit its radix does not have, or past 64 bits (its value is not guessed).
  private func number(_ bytes: [UInt8], _ i: inout Int) -> String? {
    let n = bytes.count
    let start = i
    func digit(_ at: Int) -> Bool { at < n && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
    if bytes[i] == UInt8(ascii: "0"), i + 1 < n,
      bytes[i + 1] | 0x20 == UInt8(ascii: "x") || bytes[i + 1] | 0x20 == UInt8(ascii: "b")
    {
      let radix = bytes[i + 1] | 0x20 == UInt8(ascii: "x") ? 16 : 2
      i += 2
      var digits = ""
      // Every hex digit is read (and `0b102` refused as a whole, not read as `0b10` and `2`).
      while i < n, bytes[i] == UInt8(ascii: "_") || Character(UnicodeScalar(bytes[i])).isHexDigit {
        if bytes[i] != UInt8(ascii: "_") { digits.append(Character(UnicodeScalar(bytes[i]))) }
        i += 1
      }
      while i < n, bytes[i] | 0x20 == UInt8(ascii: "l") || bytes[i] | 0x20 == UInt8(ascii: "u") { i += 1 }
      return Int(digits, radix: radix).map(String.init)
    }
    while digit(i) || (i < n && bytes[i] == UInt8(ascii: "_")) { i += 1 }
    if i < n, bytes[i] == UInt8(ascii: "."), digit(i + 1) {
      i += 1
      while digit(i) || (i < n && bytes[i] == UInt8(ascii: "_")) { i += 1 }
    }
    if i < n, bytes[i] | 0x20 == UInt8(ascii: "e"),
      digit(i + 1)
        || (i + 2 < n && (bytes[i + 1] == UInt8(ascii: "-") || bytes[i + 1] == UInt8(ascii: "+")) && digit(i + 2))
    {
      i += 2
      while digit(i) { i += 1 }
    }
    let text = String(decoding: bytes[start..<i], as: UTF8.self).replacing("_", with: "")
    while i < n, [UInt8(ascii: "l"), UInt8(ascii: "f"), UInt8(ascii: "d"), UInt8(ascii: "u")].contains(bytes[i] | 0x20)
    { i += 1 }
    return text
  }
}
