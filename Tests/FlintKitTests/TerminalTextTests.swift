import FirestoreModel
import FlintKit
import IndexAdvisor
import Testing

/// What FlintKit hands the terminal: the REPL's answers and the bad lines of query files.
@Suite("Terminal text")
struct TerminalTextTests {
  @Test("the REPL's last pass escapes the user's control characters and keeps its own colours")
  func replVisible() {
    let colored = ReplStyle(colors: true)
    let answer = colored.verdict(false) + " get /a/\u{1B}[2J\u{202E}x\n" + colored.dim("(f:1)") + "\t\n"
    let shown = colored.visible(answer)
    #expect(shown == "\u{1B}[31;1mDENY\u{1B}[0m get /a/<U+001B>[2J<U+202E>x\n\u{1B}[2m(f:1)\u{1B}[0m\t\n")
    // Without colours no escape sequence gets through, not even one that looks like a colour.
    #expect(ReplStyle(colors: false).visible("a\u{1B}[31mb\n") == "a<U+001B>[31mb\n")
  }

  @Test("a session's answers and prompt escape the user's text")
  func sessionEscapes() {
    var session = ReplSession(style: ReplStyle(colors: true))
    let signedIn = session.execute(":as \u{202E}bob")
    #expect(signedIn.text == "signed in as <U+202E>bob\n")
    #expect(session.prompt == "flint(<U+202E>bob)> ")
    let echoed = session.echo(String(repeating: "\u{1}", count: 1_000))
    #expect(echoed.hasSuffix("… (500 more characters)\n"))
    #expect(!echoed.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test("a parse error under a huge line shows a window around the caret")
  func parseErrorWindow() {
    var session = ReplSession()
    let line = #":as alice {"k": ""# + String(repeating: "y", count: 10_000) + #"", bad}"#
    let outcome = session.execute(line)
    #expect(outcome.parseFailed)
    #expect(outcome.text.utf8.count < 600, "\(outcome.text.utf8.count)")
    let lines = outcome.text.split(separator: "\n")
    let excerpt = lines[1]
    let caret = lines[2]
    #expect(excerpt.hasPrefix("  ..."))
    // The caret still points at the `bad` the JSON error is about.
    let column = caret.count - 1
    #expect(Array(excerpt)[column] == "b")
  }

  @Test(
    "a parse error's column and caret count Unicode scalars, as diagnostics do",
    arguments: [
      // A command error (the REPL's own words) and a query error (a diagnostic's column).
      ("get /users/cafe\u{301} extra", 18, "extra"),
      ("collection(\"cafe\u{301}\").where(\"a\", \"==\")", 36, ")"),
    ])
  func parseErrorCountsScalars(line: String, column: Int, word: String) {
    var session = ReplSession()
    let outcome = session.execute(line)
    #expect(outcome.parseFailed)
    #expect(outcome.text.contains("column \(column):"), "\(outcome.text)")
    let lines = outcome.text.split(separator: "\n")
    let excerpt = Array(lines[1].unicodeScalars)
    let caret = lines[2].unicodeScalars.count - 1
    #expect(String(String.UnicodeScalarView(excerpt[caret...])).hasPrefix(word), "\(outcome.text)")
  }

  @Test("a parse error under a line with tabs keeps them, and the caret line copies them")
  func parseErrorKeepsTabs() {
    var session = ReplSession()
    let outcome = session.execute(":explain\tmaybe")
    let lines = outcome.text.split(separator: "\n")
    #expect(lines[1] == "  :explain\tmaybe")
    #expect(lines[2] == "          \t^")
  }

  @Test("bad query lines: 50 per file, then a count; names and messages escaped")
  func workloadCap() {
    let problems =
      (0..<60).map { WorkloadProblem(file: "q\u{1B}.txt", line: $0 + 1, column: 1, message: "bad \u{202E}") }
      + [WorkloadProblem(file: "r.txt", line: 1, column: 2, message: "x")]
    let text = WorkloadProblemRenderer.text(problems)
    let lines = text.split(separator: "\n")
    #expect(lines.count == 52)
    #expect(lines[0] == "q<U+001B>.txt:1:1: error: bad <U+202E>")
    #expect(lines[50] == "q<U+001B>.txt: and 10 more errors")
    #expect(lines[51] == "r.txt:1:2: error: x")
  }

  @Test("a workload file that is not text: one problem with the byte offset, no queries")
  func workloadNotText() {
    let read = WorkloadReader.read(bytes: Array("collection(\"a\")\n".utf8) + [0x80, 0x00], file: "w.txt")
    #expect(read.queries.isEmpty)
    #expect(read.problems.count == 1)
    #expect(read.problems.first?.notText == true)
    #expect(
      read.problems.first?.description
        == "w.txt:2:1: error: not UTF-8 text: invalid byte 0x80 at byte offset 16; the file is not checked")
  }
}
