/// Splits TypeScript/JavaScript into tokens: comments skipped, strings and template literals
/// decoded, regular-expression literals recognised by the token before them. Never fails:
/// an unterminated string or comment ends at the end of the file.
enum JSTokenizer {
  static let threeCharacter: Set<String> = ["===", "!==", "...", "**=", "<<=", ">>=", "&&=", "||=", "??="]
  static let twoCharacter: Set<String> = [
    "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
    "**", "<<", ">>",
  ]
  static let beforeRegex: Set<String> = [
    "(", ",", "=", ":", "[", "!", "&", "|", "?", "{", "}", ";", "&&", "||", "??", "=>", "==", "===", "!=", "!==",
    "+", "-", "*", "%", "<", ">", "<=", ">=", "return", "typeof", "case", "do", "else", "in", "of", "new", "delete",
    "void", "throw", "yield", "await",
  ]

  static func tokenize(_ text: String) -> [ChainToken] {
    let bytes = Array(text.utf8)
    var tokens: [ChainToken] = []
    var i = 0
    let n = bytes.count
    let isIdentByte = SourceLexing.isIdentByte
    while i < n {
      let b = bytes[i]
      if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C || b == 0x0B {
        i += 1
        continue
      }
      if SourceLexing.skipComment(bytes, &i, nested: false) != nil { continue }
      let start = i
      if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
        var value: [UInt8] = []
        i += 1
        while i < n, bytes[i] != b, bytes[i] != 0x0A {
          if bytes[i] == UInt8(ascii: "\\"), i + 1 < n {
            value += SourceLexing.escape(bytes[i + 1])
            i += 2
          } else {
            value.append(bytes[i])
            i += 1
          }
        }
        i = min(n, i + 1)
        tokens.append(ChainToken(kind: .string, text: String(decoding: value, as: UTF8.self), start: start, end: i))
        continue
      }
      if b == UInt8(ascii: "`") {
        var value: [UInt8] = []
        var constant = true
        i += 1
        while i < n, bytes[i] != UInt8(ascii: "`") {
          if bytes[i] == UInt8(ascii: "\\"), i + 1 < n {
            value += SourceLexing.escape(bytes[i + 1])
            i += 2
          } else if bytes[i] == UInt8(ascii: "$"), i + 1 < n, bytes[i + 1] == UInt8(ascii: "{") {
            constant = false
            let open = i + 1
            i = SourceLexing.matchingBrace(bytes, from: open)
            // A part that names a variable or a member (`${POSTS}`, `${Names.posts}`) is kept as
            // `\u{1}name\u{2}`: the reader fills in a constant. Anything else is computed: `{}`.
            let inside = Array(bytes[min(open + 1, i)..<min(i, n)]).filter { $0 != 0x20 }
            let isName =
              !inside.isEmpty && inside.allSatisfy { isIdentByte($0) || $0 == UInt8(ascii: ".") }
              && inside.first != UInt8(ascii: ".") && inside.last != UInt8(ascii: ".")
            value += isName ? [0x01] + inside + [0x02] : Array("{}".utf8)
            i += 1
          } else {
            value.append(bytes[i])
            i += 1
          }
        }
        i = min(n, i + 1)
        let kind: ChainToken.Kind = constant ? .string : .template
        tokens.append(ChainToken(kind: kind, text: String(decoding: value, as: UTF8.self), start: start, end: i))
        continue
      }
      if b >= 0x30 && b <= 0x39 || (b == UInt8(ascii: ".") && i + 1 < n && bytes[i + 1] >= 0x30 && bytes[i + 1] <= 0x39)
      {
        while i < n, isIdentByte(bytes[i]) || bytes[i] == UInt8(ascii: ".") { i += 1 }
        let text = String(decoding: bytes[start..<i], as: UTF8.self).replacing("_", with: "")
        tokens.append(ChainToken(kind: .number, text: text, start: start, end: i))
        continue
      }
      if isIdentByte(b) || b == UInt8(ascii: "#") {
        i += 1
        while i < n, isIdentByte(bytes[i]) { i += 1 }
        tokens.append(
          ChainToken(kind: .identifier, text: String(decoding: bytes[start..<i], as: UTF8.self), start: start, end: i))
        continue
      }
      if b == UInt8(ascii: "/") {
        let previous = tokens.last
        // `</li>` (a JSX closing tag) is no regular expression.
        let closingTag = previous.map { $0.isPunct("<") && $0.end == i } ?? false
        let regexAllowed =
          !closingTag
          && (previous == nil || (previous!.kind == .punctuation && beforeRegex.contains(previous!.text))
            || (previous!.kind == .identifier && beforeRegex.contains(previous!.text)))
        if regexAllowed {
          i += 1
          var inClass = false
          while i < n, bytes[i] != 0x0A {
            if bytes[i] == UInt8(ascii: "\\") {
              i += 2
              continue
            }
            if bytes[i] == UInt8(ascii: "[") { inClass = true }
            if bytes[i] == UInt8(ascii: "]") { inClass = false }
            if bytes[i] == UInt8(ascii: "/"), !inClass { break }
            i += 1
          }
          i = min(n, i + 1)
          while i < n, isIdentByte(bytes[i]) { i += 1 }
          tokens.append(ChainToken(kind: .regex, text: "", start: start, end: i))
          continue
        }
      }
      var length = SourceLexing.punctuationLength(bytes, at: i, three: threeCharacter, two: twoCharacter)
      // `?.5` is a conditional and a number, not optional chaining.
      if length == 2, b == UInt8(ascii: "?"), i + 2 < n, bytes[i + 2] >= 0x30, bytes[i + 2] <= 0x39 { length = 1 }
      i += length
      tokens.append(
        ChainToken(kind: .punctuation, text: String(decoding: bytes[start..<i], as: UTF8.self), start: start, end: i))
    }
    tokens.append(ChainToken(kind: .end, text: "", start: n, end: n))
    return tokens
  }
}
