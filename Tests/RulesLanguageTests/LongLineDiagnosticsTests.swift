import Testing

@testable import RulesLanguage

/// Red-team regressions: thousands of diagnostics on one very long line (minified or generated
/// rules) used to cost the whole line per diagnostic, in columns and in printed text, and a
/// 256 KB file of `let`s took minutes and gigabytes to report.
@Suite("Diagnostics on long lines")
struct LongLineDiagnosticsTests {
  /// Columns by counting scalars from the line start, the obvious way.
  private func naiveColumn(_ bytes: [UInt8], _ offset: Int) -> Int {
    var start = offset
    while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    return bytes[start..<offset].filter { $0 & 0xC0 != 0x80 }.count + 1
  }

  @Test("columns stay exact across the checkpoint strides, with multi-byte characters")
  func columnsMatchNaiveCount() {
    let text = String(repeating: "aé😀\tb", count: 300) + "\n" + String(repeating: "ü", count: 700) + "\nend"
    let source = SourceFile(name: "f", text: text)
    var offset = 0
    while offset <= source.bytes.count {
      if offset == source.bytes.count || source.bytes[offset] & 0xC0 != 0x80 {
        #expect(source.location(of: offset).column == naiveColumn(source.bytes, offset), "offset \(offset)")
      }
      offset += 1
    }
    #expect(source.location(of: source.bytes.count).line == 3)
    #expect(SourceFile(name: "e", text: "").location(of: 0) == SourceLocation(line: 1, column: 1, offset: 0))
    let exact = SourceFile(name: "x", text: String(repeating: "x", count: 512))
    #expect(exact.location(of: 512).column == 513)
  }

  @Test("a long line is shown as a window around the caret, with the caret under the right text")
  func longLineWindow() {
    let prefix = String(repeating: "a + ", count: 2_000)
    let source = SourceFile(name: "f.rules", text: prefix + "oops + " + String(repeating: "b + ", count: 2_000) + "c")
    let start = prefix.utf8.count
    let diagnostic = Diagnostic.error("e", "m", at: SourceRange(start: start, end: start + 4))
    let lines = DiagnosticRenderer.text(diagnostic, in: source).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "f.rules:1:8001: error: m [e]")
    #expect(lines[1].hasPrefix("...") && lines[1].hasSuffix("..."))
    #expect(lines[1].count <= DiagnosticRenderer.windowLength + 6)
    let caret = lines[2].firstIndex(of: "^")!
    let column = lines[2].distance(from: lines[2].startIndex, to: caret)
    #expect(String(Array(lines[1])[column..<column + 4]) == "oops")
    #expect(lines[2].hasSuffix("^~~~"))
  }

  @Test("a range running past the window is underlined to the window's end")
  func rangePastWindow() {
    let source = SourceFile(name: "f", text: String(repeating: "x", count: 1_000))
    let diagnostic = Diagnostic.error("e", "m", at: SourceRange(start: 0, end: 1_000))
    let lines = DiagnosticRenderer.text(diagnostic, in: source).split(separator: "\n")
    #expect(lines[1] == Substring(String(repeating: "x", count: DiagnosticRenderer.windowLength) + "..."))
    #expect(lines[2] == Substring("^" + String(repeating: "~", count: DiagnosticRenderer.windowLength - 1)))
  }

  @Test("20,000 unused lets on one line: every diagnostic reported, output linear in their number")
  func manyDiagnosticsOnOneLine() {
    let lets = (0..<20_000).map { "let v\($0) = 1;" }.joined()
    let text = "rules_version = '2';\nservice cloud.firestore { function f() {\(lets) return true; } }"
    let source = SourceFile(name: "f.rules", text: text)
    let compiled = RulesCompiler.compile(source)
    #expect(compiled.diagnostics.count > 20_000)
    let rendered = DiagnosticRenderer.text(compiled.diagnostics, in: source)
    #expect(rendered.utf8.count < compiled.diagnostics.count * 500)
    let last = compiled.diagnostics.map(\.range.start).max()!
    #expect(source.location(of: last).column == naiveColumn(source.bytes, last))
    #expect(DiagnosticRenderer.json([(source, compiled.diagnostics)]).hasPrefix("{\"files\""))
  }
}
