/// Shows the user's text on a terminal without letting it act on the terminal.
///
/// Control characters (C0 but tab, DEL, C1) and the characters that reorder or hide text
/// (bidirectional embeddings, overrides and isolates, the directional marks, line and
/// paragraph separators) are written as `<U+202E>`: a rules file containing U+202E is shown
/// as it is stored, not as the terminal would reorder it (Trojan Source, CVE-2021-42574).
/// The byte order mark U+FEFF is escaped too: it is invisible, so a message quoting it
/// (`unexpected character '<U+FEFF>'`) would otherwise show nothing between the quotes; so are
/// the non-characters U+FFFE and U+FFFF.
///
/// This is the one list of characters that must not act: JSON (`StringQuoting`), HTML
/// (`HTMLEscaper`) and XML (`XMLEscaper`) output escape exactly these, each in its own notation.
package enum VisibleText {
  /// Whether `scalar` is shown escaped (tabs are kept when `keepingTabs`).
  @inline(__always)
  package static func isEscaped(_ scalar: Unicode.Scalar, keepingTabs: Bool = true) -> Bool {
    let value = scalar.value
    if value < 0x20 { return !(keepingTabs && value == 0x09) }
    if value < 0x7F { return false }
    if value <= 0x9F { return true }
    switch value {
    case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF, 0xFFFE, 0xFFFF: return true
    default: return false
    }
  }

  /// The escape shown for one character: `<U+001B>`.
  package static func escape(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
  }

  /// `text` with every escaped character replaced.
  package static func escaped(_ text: String, keepingTabs: Bool = true) -> String {
    guard text.unicodeScalars.contains(where: { isEscaped($0, keepingTabs: keepingTabs) }) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if isEscaped(scalar, keepingTabs: keepingTabs) {
        out += escape(scalar)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Several lines of text escaped, keeping their line feeds and tabs: for whole reports and
  /// messages that quote the user's input (a query line, a test case's name, a file name).
  package static func escapedLines(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 != "\n" && isEscaped($0) }) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar != "\n", isEscaped(scalar) {
        out += escape(scalar)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// An excerpt line escaped, with a caret `column` and `width` (in characters) moved so
  /// that they still cover the same characters of the escaped line.
  package static func escapedLine(_ line: String, column: Int, width: Int?) -> (line: String, column: Int, width: Int?)
  {
    guard line.unicodeScalars.contains(where: { isEscaped($0) }) else { return (line, column, width) }
    var out = ""
    var starts: [Int] = []  // the escaped column (0-based) of each original character
    var length = 0
    for scalar in line.unicodeScalars {
      starts.append(length)
      if isEscaped(scalar) {
        let shown = escape(scalar)
        out += shown
        length += shown.unicodeScalars.count
      } else {
        out.unicodeScalars.append(scalar)
        length += 1
      }
    }
    func position(_ index: Int) -> Int { index < starts.count ? starts[index] : length + (index - starts.count) }
    let first = max(0, column - 1)
    let newColumn = position(first) + 1
    let newWidth = width.map { max(1, position(first + max(1, $0)) - position(first)) }
    return (out, newColumn, newWidth)
  }
}
