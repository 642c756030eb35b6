import FlintLanguageServer
import FlintTestSupport
import Foundation
import Testing

/// Replays the recorded LSP sessions in `Corpus/lsp/*.session` through the server in process
/// (`RecordedLSPSession` describes the format; `LspProcessTests` replays them over stdio).
/// `UPDATE_GOLDENS=1 swift test` rewrites the `<--` lines.
@Suite struct RecordedSessionTests {
  @Test func theCorpusHasSessions() {
    #expect(RecordedLSPSession.names.count >= 5)
  }

  @Test(arguments: RecordedLSPSession.names)
  func replays(_ name: String) throws {
    let session = try RecordedLSPSession(name)
    var server = LanguageServer()
    var rewritten: [String] = []
    var actual: [String] = []
    var sent = 0
    for line in session.lines where !line.hasPrefix("<--") {
      rewritten.append(line)
      guard line.hasPrefix("-->") else { continue }
      let answers = server.receive(.body(Array(session.clientMessages[sent].utf8)))
      sent += 1
      actual += answers
      rewritten += answers.map { "<-- " + $0 }
    }
    if Golden.updating {
      let url = RecordedLSPSession.folder.appendingPathComponent(name)
      try rewritten.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      actual.count == session.expected.count, "\(name): \(actual.count) messages, expected \(session.expected.count)")
    for (index, pair) in zip(actual, session.expected).enumerated() where pair.0 != pair.1 {
      Issue.record("\(name): message \(index + 1) differs\n  actual:   \(pair.0)\n  expected: \(pair.1)")
    }
  }
}
