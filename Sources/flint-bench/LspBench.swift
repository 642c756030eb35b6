import FirestoreModel
import FlintLanguageServer
import Foundation
import RulesLanguage

/// The language server's keystroke latency: a 2,000-line rules file is open, and each edit
/// (one character typed, then deleted, as incremental `didChange`) is re-parsed, re-checked
/// and linted before `publishDiagnostics` comes back. The goal: under 10 ms per edit.
enum LspBench {
  static func run(lines: Int = 2_000, edits: Int = 100) -> BenchResult {
    let text = RulesParseBench.generate(lines: lines)
    var server = LanguageServer()
    _ = send(&server, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
    let quoted = StringQuoting.quoted(text)
    _ = send(
      &server,
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///b.rules","languageId":"rules","version":1,"text":"#
        + quoted + "}}}")
    let line = text.split(separator: "\n").count / 2
    var timings: [Double] = []
    for version in 2..<(edits + 2) {
      let typing = version % 2 == 0
      let end = typing ? 4 : 5
      let change =
        #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///b.rules","version":"#
        + "\(version)},\"contentChanges\":[{\"range\":{\"start\":{\"line\":\(line),\"character\":4},"
        + "\"end\":{\"line\":\(line),\"character\":\(end)}},\"text\":\"\(typing ? " " : "")\"}]}}"
      let start = DispatchTime.now().uptimeNanoseconds
      let answers = send(&server, change)
      timings.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      precondition(answers.count == 1 && answers[0].contains("publishDiagnostics"), "no diagnostics published")
    }
    timings.sort()
    return BenchResult(
      name: "lsp-edit-latency",
      fields: [
        ("lines", .int(text.split(separator: "\n", omittingEmptySubsequences: false).count)),
        ("bytes", .int(text.utf8.count)), ("edits", .int(edits)),
        ("median_ms", format(timings[timings.count / 2], digits: 2)),
        ("p95_ms", format(timings[timings.count * 95 / 100], digits: 2)),
        ("max_ms", format(timings.last ?? 0, digits: 2)),
      ])
  }

  private static func send(_ server: inout LanguageServer, _ json: String) -> [String] {
    server.receive(.body(Array(json.utf8)))
  }
}
