import FirestoreModel
import FlintTestSupport
import Foundation
import Queries
import RulesLanguage

/// The query goldens, `Corpus/queries/*.txt` (`GoldenFile`'s format: `== name`, the query,
/// `-> ...` expected lines), with the context and data they run against.
enum GoldenCorpus {
  static let root: URL = PackagePaths.url("Corpus/queries")

  static func file(_ name: String) -> GoldenFile { GoldenFile("Corpus/queries/" + name) }

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
