import FlintTestSupport
import Foundation
import FirestoreModel
import Queries
import RulesLanguage

/// One golden case: a name, query text, and the expected output lines (`-> ...`).
struct GoldenCase: Sendable, CustomStringConvertible {
  var file: String
  var name: String
  var query: String
  var expected: [String]

  var description: String { "\(file): \(name)" }
}

/// Reads and rewrites `Corpus/queries/*.txt` golden files.
///
/// Format: `== name` starts a case; the following lines up to the first `->` line are the
/// query; `-> ...` lines are the expected output. `#` lines and blank lines between cases
/// are comments. `UPDATE_GOLDENS=1 swift test` rewrites the `->` lines with actual output.
enum GoldenCorpus {
  static let root: URL = PackagePaths.url("Corpus/queries")

  static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" }

  static func cases(_ file: String) -> [GoldenCase] {
    guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else { return [] }
    var cases: [GoldenCase] = []
    var current: GoldenCase?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("== ") {
        if let c = current { cases.append(c) }
        current = GoldenCase(file: file, name: String(line.dropFirst(3)), query: "", expected: [])
      } else if line.hasPrefix("->") {
        current?.expected.append(String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces))
      } else if var c = current, c.expected.isEmpty, !line.hasPrefix("#") {
        c.query += (c.query.isEmpty ? "" : "\n") + line
        current = c
      }
    }
    if let c = current { cases.append(c) }
    return cases.map { c in
      var trimmed = c
      trimmed.query = c.query.trimmingCharacters(in: .whitespacesAndNewlines)
      return trimmed
    }
  }

  /// Replaces one case's `->` lines in its file (used when UPDATE_GOLDENS=1).
  static func rewrite(_ golden: GoldenCase, actual: [String]) {
    let url = root.appendingPathComponent(golden.file)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let header = lines.firstIndex(of: "== \(golden.name)") else { return }
    var i = header + 1
    while i < lines.count, !lines[i].hasPrefix("->"), !lines[i].hasPrefix("== ") { i += 1 }
    var end = i
    while end < lines.count, lines[end].hasPrefix("->") { end += 1 }
    lines.replaceSubrange(i..<end, with: actual.map { "-> \($0)" })
    try? lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
  }

  /// Variables every golden query may use.
  static let context = QueryContext(bindings: [
    "auth": .map(["uid": .string("alice"), "token": .map(["admin": .boolean(true)])])
  ])

  /// The seeded data set for execution goldens.
  static func store() throws -> DocumentStore {
    let text = try String(contentsOf: root.appendingPathComponent("data.json"), encoding: .utf8)
    let json = try JSONParser.parse(text)
    return DocumentStore(documents: try TaggedJSONDecoder().documents(json))
  }

  /// Parse + validity outcome lines: `ok`, `parse: ...`, or `<layer>: message` plus `at: text`.
  static func validity(_ text: String, context: QueryContext = context) -> [String] {
    let source = SourceFile(name: "<golden>", text: text)
    let prepared = QueryPipeline.prepare(source, context: context)
    if let first = prepared.diagnostics.first(where: { $0.severity == .error }) {
      return ["parse: \(first.message)", "at: \(source.text(in: first.range))"]
    }
    if let error = prepared.error {
      return ["\(error.layer.rawValue): \(error.message)", "at: \(source.text(in: error.range))"]
    }
    return ["ok"]
  }
}
