import FirestoreModel
import FlintLanguageServer
import FlintTestSupport
import Foundation
import Testing

/// The server never dies on half-typed source: every prefix of a real rules file, opened as
/// the editor would hold it while typing, gets a result (never an error or a crash) for every
/// request at several positions.
@Suite struct HalfTypedSourceTests {
  static let text: String = (try? String(contentsOf: PackagePaths.url("Corpus/lsp/clubs.rules"), encoding: .utf8)) ?? ""

  @Test func everyPrefixAnswersEveryRequest() throws {
    let bytes = Array(Self.text.utf8)
    #expect(bytes.count > 500)
    var server = LanguageServer()
    _ = server.receive(
      .body(Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#.utf8)))
    var id = 1
    for length in stride(from: 0, through: bytes.count, by: 7) {
      let prefix = String(decoding: bytes[..<length], as: UTF8.self)
      let open: JSONValue = [
        "jsonrpc": "2.0", "method": "textDocument/didOpen",
        "params": [
          "textDocument": ["uri": "file:///t.rules", "languageId": "rules", "version": 1, "text": .string(prefix)]
        ],
      ]
      let published = server.receive(.body(Array(JSONWriter.text(open).utf8)))
      #expect(published.count == 1 && published[0].contains("publishDiagnostics"))
      let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false).count
      for method in ["hover", "definition", "references", "completion", "documentSymbol", "codeAction"] {
        for line in [0, lines / 2, lines - 1] {
          let position: JSONValue = ["line": .int(Int64(line)), "character": 12]
          let request: JSONValue = [
            "jsonrpc": "2.0", "id": .int(Int64(id)), "method": .string("textDocument/" + method),
            "params": [
              "textDocument": ["uri": "file:///t.rules"], "position": position,
              "range": ["start": ["line": 0, "character": 0], "end": position],
              "context": ["includeDeclaration": true, "diagnostics": []],
            ],
          ]
          id += 1
          let answers = server.receive(.body(Array(JSONWriter.text(request).utf8)))
          #expect(answers.count == 1)
          #expect(
            answers.allSatisfy { $0.contains("\"result\":") }, "\(method) at \(line) on \(length) bytes: \(answers)")
        }
      }
    }
  }
}
