import FirestoreModel
import RulesLanguage
import Testing

@Suite("Visible text: control and bidirectional characters escaped")
struct VisibleTextTests {
  @Test(arguments: [
    ("a\u{202E}b", "a<U+202E>b"), ("\u{1B}[31m", "<U+001B>[31m"), ("x\u{0}y", "x<U+0000>y"),
    ("\u{7F}\u{85}", "<U+007F><U+0085>"), ("\u{2066}\u{2069}\u{200F}\u{061C}", "<U+2066><U+2069><U+200F><U+061C>"),
    ("tab\tkept", "tab\tkept"), ("é€😀", "é€😀"), ("a\rb", "a<U+000D>b"),
  ])
  func escapes(text: String, shown: String) {
    #expect(VisibleText.escaped(text) == shown)
  }

  @Test("the byte order mark is escaped: invisible, it would show nothing between quotes")
  func byteOrderMark() {
    #expect(VisibleText.escaped("'\u{FEFF}'") == "'<U+FEFF>'")
  }

  @Test("several lines keep their line feeds and tabs")
  func lines() {
    #expect(VisibleText.escapedLines("a\tb\n\u{1B}[2J\r\n") == "a\tb\n<U+001B>[2J<U+000D>\n")
    #expect(VisibleText.escapedLines("plain\n") == "plain\n")
  }

  @Test func tabsEscapedWhenAsked() {
    #expect(VisibleText.escaped("a\tb", keepingTabs: false) == "a<U+0009>b")
  }

  @Test("the caret keeps covering the same characters")
  func caretMoves() {
    let shown = VisibleText.escapedLine("a\u{202E}bc", column: 3, width: 2)
    #expect(shown.line == "a<U+202E>bc")
    #expect(shown.column == 10)
    #expect(shown.width == 2)
    let over = VisibleText.escapedLine("a\u{202E}bc", column: 2, width: 2)
    #expect(over.column == 2)
    #expect(over.width == 9)
    let past = VisibleText.escapedLine("\u{1}", column: 3, width: nil)
    #expect(past.column == 10)
    #expect(past.width == nil)
  }
}

@Suite("Source text: files that are not UTF-8 text")
struct SourceTextTests {
  @Test func textPasses() {
    let decoded = SourceText.decode(Array("allow é".utf8), name: "a.rules")
    #expect(decoded.problem == nil)
    #expect(decoded.source.text == "allow é")
  }

  @Test(
    arguments: [
      ([0x61, 0x0A, 0x62, 0xFF, 0x63], 3, "invalid byte 0xFF at byte offset 3", 2, 2),
      ([0x61, 0x00], 1, "NUL byte at byte offset 1", 1, 2),
      ([0xC3], 0, "invalid byte 0xC3 at byte offset 0", 1, 1),
      ([0xED, 0xA0, 0x80], 0, "invalid byte 0xED at byte offset 0", 1, 1),
    ] as [([UInt8], Int, String, Int, Int)])
  func notText(bytes: [UInt8], prefix: Int, message: String, line: Int, column: Int) throws {
    let decoded = SourceText.decode(bytes, name: "b.rules")
    let problem = try #require(decoded.problem)
    #expect(problem.code == "source.not-text")
    #expect(problem.message.contains(message))
    #expect(decoded.source.bytes.count == prefix)
    let location = decoded.source.location(of: problem.range.start)
    #expect(location.line == line)
    #expect(location.column == column)
  }
}

@Suite("Excerpts stay short once escaped")
struct EscapedExcerptTests {
  /// 128 NUL bytes on a short query line showed as 1 KB of `<U+0000>` per diagnostic
  /// (100 KB for 50 of them; found by the query fuzz target).
  @Test func escapesDoNotWidenTheWindow() {
    let line = "x" + String(repeating: "\u{1}", count: 150) + "y"
    let source = SourceFile(name: "c.rules", text: line)
    let at = source.location(of: 151)
    let shown = DiagnosticRenderer.excerpt(source, at: at, width: 1)
    #expect(shown.line.unicodeScalars.count <= 170)
    #expect(shown.line.hasPrefix("..."))
    let scalars = Array(shown.line.unicodeScalars)
    #expect(scalars[shown.column - 1] == "y")
    #expect(shown.width == 1)
  }
}
