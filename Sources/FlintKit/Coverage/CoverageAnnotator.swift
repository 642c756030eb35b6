import FirestoreModel
import RulesEngine
import RulesLanguage

/// Coverage as text: one summary line per rules file and a total, then each file's source
/// with a gutter of line counts (`CoverageLines`) and, under the lines, what was not covered:
///
/// ```
///    7      4 |       allow read: if signedIn() && isOwner(uid);
///             |       ^~~~~ allow: 3 granted, never denied
///             |                                   ^~~~~~~~~~~~ never false (3 true)
/// ```
///
/// Marked: every `allow` (its tallies, `never granted`/`never denied` when not covered), match
/// blocks never reached, functions never called, sub-expressions never evaluated (the
/// outermost only), and conditions that ran but were never true or never false.
package enum CoverageAnnotator {
  package static func render(_ coverage: SuiteCoverage) -> String {
    var out = ""
    for file in coverage.files { out += "\(VisibleText.escaped(file.path)): \(file.summary.text)\n" }
    out += "total: \(coverage.total.text)\n"
    for file in coverage.files {
      out += "\n== \(VisibleText.escaped(file.path))\n"
      out += annotated(file)
    }
    return out
  }

  /// The source text of `range` (on one line: newlines and runs of spaces become one space).
  static func sourceText(_ range: SourceRange, in source: SourceFile) -> String {
    let bytes = source.bytes[max(0, range.start)..<min(source.bytes.count, range.end)]
    let text = String(decoding: bytes, as: UTF8.self)
    return text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
  }

  static func annotated(_ file: FileCoverage) -> String {
    let source = file.source
    let counts = Dictionary(uniqueKeysWithValues: CoverageLines.counts(file).map { ($0.line, $0.count) })
    let marks = CoverageMarks.marks(file)
    let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
    let numberWidth = max(4, String(lines.count).count)
    let countWidth = max(6, String(counts.values.max() ?? 0).count + 1)
    let blankGutter = String(repeating: " ", count: numberWidth + 1 + countWidth) + " |"
    var out = ""
    for (index, rawLine) in lines.enumerated() {
      let number = index + 1
      if number == lines.count && rawLine.isEmpty { break }
      let line = rawLine.hasSuffix("\r") ? String(rawLine.dropLast()) : String(rawLine)
      let count = counts[number].map(String.init) ?? ""
      out += pad(String(number), numberWidth) + " " + pad(count, countWidth) + " |"
      // Control and bidirectional characters of the rules are shown escaped, the carets moved to match.
      let shown = VisibleText.escapedLine(line, column: 1, width: nil).line
      out += (shown.isEmpty ? "" : " " + shown) + "\n"
      for mark in marks[number] ?? [] {
        let moved = VisibleText.escapedLine(line, column: mark.column, width: mark.width)
        let caretText = caretPrefix(shown, moved.column) + caret(moved.width ?? mark.width)
        out += blankGutter + " " + caretText + " " + VisibleText.escaped(mark.message) + "\n"
      }
    }
    return out
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// The text before column `column` of `line` with every character but tabs made a space.
  private static func caretPrefix(_ line: String, _ column: Int) -> String {
    String(line.unicodeScalars.prefix(column - 1).map { $0 == "\t" ? "\t" : " " })
  }

  private static func caret(_ width: Int) -> String {
    "^" + String(repeating: "~", count: max(0, width - 1))
  }
}
