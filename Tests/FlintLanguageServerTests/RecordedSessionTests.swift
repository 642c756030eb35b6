import FirestoreModel
import FlintLanguageServer
import FlintTestSupport
import Foundation
import Testing

/// Replays the recorded LSP sessions in `Corpus/lsp/*.session` through the server.
///
/// A session is a list of lines: `-->` a message the client sends, `<--` a message the server
/// must answer with (in order, after the client message it follows), `#` comments. In a client
/// message, `{"$file": "NAME"}` stands for the text of `Corpus/lsp/NAME`, so a document stays
/// readable beside the session. `UPDATE_GOLDENS=1 swift test` rewrites the `<--` lines.
@Suite struct RecordedSessionTests {
  static let folder = PackagePaths.url("Corpus/lsp")

  static let sessions: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".session") }.sorted()
  }()

  @Test func theCorpusHasSessions() {
    #expect(Self.sessions.count >= 5)
  }

  @Test(arguments: sessions)
  func replays(_ name: String) throws {
    let url = Self.folder.appendingPathComponent(name)
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    var server = LanguageServer()
    var rewritten: [String] = []
    var expected: [String] = []
    var actual: [String] = []
    for line in lines.map(String.init) {
      if line.hasPrefix("<--") {
        expected.append(String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces))
        continue
      }
      rewritten.append(line)
      guard line.hasPrefix("-->") else { continue }
      let message = try Self.expand(String(line.dropFirst(3)))
      let answers = server.receive(.body(Array(message.utf8)))
      actual += answers
      rewritten += answers.map { "<-- " + $0 }
    }
    if GoldenFile.updating {
      try rewritten.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(actual.count == expected.count, "\(name): \(actual.count) messages, expected \(expected.count)")
    for (index, pair) in zip(actual, expected).enumerated() where pair.0 != pair.1 {
      Issue.record("\(name): message \(index + 1) differs\n  actual:   \(pair.0)\n  expected: \(pair.1)")
    }
  }

  /// The client message with every `{"$file": NAME}` replaced by that file's text.
  static func expand(_ text: String) throws -> String {
    let value = try JSONParser.parse(text)
    return try JSONWriter.text(substitute(value))
  }

  private static func substitute(_ value: JSONValue) throws -> JSONValue {
    switch value {
    case .object(let object):
      if object.count == 1, case .string(let name)? = object["$file"] {
        return .string(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
      }
      var copy = JSONObject()
      for member in object.members { copy[member.key] = try substitute(member.value) }
      return .object(copy)
    case .array(let items):
      return .array(try items.map(substitute))
    default:
      return value
    }
  }
}
