import Testing

@testable import RulesLanguage

@Suite("DiagnosticRenderer")
struct DiagnosticRendererTests {
  let source = SourceFile(name: "f.rules", text: "line one\n\tallow read: if x == 1;\nlast é line")

  @Test("header, source line, caret underline and notes")
  func textLayout() {
    // `x` on line 2 sits after a tab: column 17 counting the tab as one character.
    let start = source.lineStarts[1] + 16
    let diagnostic = Diagnostic.error(
      "check.undefined-variable", "undefined variable 'x'", at: SourceRange(start: start, end: start + 1),
      notes: [.init("did you mean 'y'?"), .init("declared here", at: .at(5))])
    let expected = """
      f.rules:2:17: error: undefined variable 'x' [check.undefined-variable]
      \tallow read: if x == 1;
      \t               ^
      f.rules:2:17: note: did you mean 'y'?
      f.rules:1:6: note: declared here

      """
    #expect(DiagnosticRenderer.text(diagnostic, in: source) == expected)
  }

  @Test("the underline covers the range in characters and stops at the line end")
  func underline() {
    let lastLine = source.lineStarts[2]
    // "é" is two UTF-8 bytes but one column.
    let word = SourceRange(start: lastLine + 5, end: lastLine + 7)
    let warning = Diagnostic.warning("w", "m", at: SourceRange(start: lastLine, end: word.end + 5))
    #expect(
      DiagnosticRenderer.text(warning, in: source).hasSuffix(
        "last é line\n^" + String(repeating: "~", count: 10) + "\n"))
    let multiLine = Diagnostic.error("e", "m", at: SourceRange(start: 5, end: lastLine + 2))
    #expect(DiagnosticRenderer.text(multiLine, in: source).hasSuffix("line one\n     ^~~\n"))
    let empty = Diagnostic.error("e", "m", at: .at(4))
    #expect(DiagnosticRenderer.text(empty, in: source).hasSuffix("line one\n    ^\n"))
    #expect(DiagnosticRenderer.caretLine(for: "ab", column: 5, width: 0) == "    ^")
  }

  @Test("summary line counts errors and warnings")
  func summary() {
    let diagnostics: [Diagnostic] = [
      .error("e", "m", at: .at(0)), .warning("w", "m", at: .at(0)), .warning("w", "m", at: .at(1)),
    ]
    #expect(DiagnosticRenderer.summary(diagnostics, name: "a.rules") == "a.rules: 1 error, 2 warnings")
    #expect(DiagnosticRenderer.summary([], name: "a.rules") == "a.rules: 0 errors, 0 warnings")
    #expect(DiagnosticRenderer.text([], in: source) == "f.rules: 0 errors, 0 warnings\n")
  }

  @Test("JSON has the documented shape, with exclusive end columns")
  func json() {
    let diagnostic = Diagnostic.error(
      "check.x", "say \"hi\"\n", at: SourceRange(start: 0, end: 4), notes: [.init("n", at: .at(9)), .init("m")])
    let expected = """
      {"files": [{"file": "f.rules", "diagnostics": [{"severity": "error", "code": "check.x", \
      "message": "say \\"hi\\"\\n", "line": 1, "column": 1, "endLine": 1, "endColumn": 5, \
      "notes": [{"message": "n", "line": 2, "column": 1}, {"message": "m"}]}]}]}

      """
    #expect(DiagnosticRenderer.json([(source, [diagnostic])]) == expected)
    #expect(DiagnosticRenderer.json([]) == "{\"files\": []}\n")
  }
}
