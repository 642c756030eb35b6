import RulesLanguage
import Testing

@testable import RulesEngine

/// Red-team regression: a failing case in minified rules printed the whole (up to 256 KB) line
/// for every caret of its explanation; now it shows a window around the caret.
@Suite struct LongLineTraceTests {
  @Test func caretLinesShowAWindowOfALongLine() {
    let prefix = String(repeating: "a && ", count: 3_000)
    let source = SourceFile(
      name: "f", text: "rules\n" + prefix + "oops && " + String(repeating: "b && ", count: 3_000) + "c")
    let start = source.lineStarts[1] + prefix.utf8.count
    let lines = TraceTextRenderer.caretLines(SourceRange(start: start, end: start + 4), source: source, note: "false")
    #expect(lines.count == 2)
    #expect(lines[0].hasPrefix("2 | ...") && lines[0].hasSuffix("..."))
    #expect(lines[0].count < 200)
    let caret = Array(lines[1]).firstIndex(of: "^")!
    #expect(String(Array(lines[0])[caret..<caret + 4]) == "oops")
    #expect(lines[1].hasSuffix("^~~~ false"))
  }

  @Test func shortLinesAreUnchanged() {
    let source = SourceFile(name: "f", text: "x\n\tallow read: if a == b;")
    let start = source.lineStarts[1] + 16
    #expect(
      TraceTextRenderer.caretLines(SourceRange(start: start, end: start + 6), source: source, note: "false") == [
        "2 | \tallow read: if a == b;", "  | \t               ^~~~~~ false",
      ])
  }
}
