import FirestoreModel
import FlintKit
import FlintTestSupport
import IndexAdvisor
import Testing

/// `Corpus/explain/explain.txt`: Query Explain's report of `flint query --analyze`, every figure
/// checkable by hand from the seed data (Docs/query-semantics.md §11).
@Suite("Query Explain goldens")
struct ExplainGoldenTests {
  static let file = GoldenFile("Corpus/explain/explain.txt", keepsIndentation: true)
  static let manifestName = "firestore.indexes.json"

  static func store(_ name: String) throws -> DocumentStore {
    try FixtureLoader.load(text: PackagePaths.text("Corpus/explain/\(name)"), file: name)
  }

  static func playground(data: String, scale: CollectionScale) throws -> QueryPlayground {
    var playground = QueryPlayground(store: try store(data))
    let manifest = PackagePaths.text("Corpus/explain/\(manifestName)")
    playground.indexes = try ManifestReader.read(bytes: Array(manifest.utf8), file: manifestName).manifest
    playground.indexesName = manifestName
    playground.explain = .analyze
    playground.scale = scale
    return playground
  }

  @Test("the corpus has the cases the issue asks for")
  func corpusIsThere() {
    let names = Self.file.cases.map(\.name).joined(separator: "\n")
    #expect(Self.file.cases.count >= 10)
    for shape in [
      "composite index, with a limit", "index merge", "offset", "2,500", "empty", "or query", "collection-group",
    ] {
      #expect(names.contains(shape), "no case for \(shape)")
    }
  }

  @Test("explain", arguments: file.cases)
  func explain(_ golden: GoldenFile.Case) throws {
    var data = "data.json"
    var scale = CollectionScale()
    var query: [String] = []
    for line in golden.input {
      if line.hasPrefix("data: ") {
        data = String(line.dropFirst(6))
      } else if line.hasPrefix("scale: ") {
        try scale.set(parsing: String(line.dropFirst(7)))
      } else {
        query.append(line)
      }
    }
    let report = try Self.playground(data: data, scale: scale).run(query.joined(separator: " "), auth: nil)
    let explain = try #require(report.explain, "\(golden): \(report.error ?? "no report")")
    let text = ExplainRenderer.text(explain, manifest: report.indexesName)
    Self.file.check(
      golden, actual: text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
    // Unscaled, the figures agree with the engine's own execution.
    if scale.isEmpty, let result = report.result, result.aggregations.isEmpty {
      #expect(explain.stats?.resultsReturned == result.documents.count)
    }
  }

  @Test("JSON is the shape the server SDKs return")
  func json() throws {
    let report = try Self.playground(data: "data.json", scale: .none).run(
      #"collection("products").where("category", "==", "books").orderBy("price").limit(2)"#, auth: nil)
    let explain = try #require(report.explain)
    #expect(
      ExplainRenderer.json(explain).text(.compact)
        == #"{"explainMetrics":{"planSummary":{"indexesUsed":[{"query_scope":"Collection","properties":"(category ASC, price ASC, __name__ ASC)"}]},"executionStats":{"resultsReturned":2,"readOperations":2,"debugStats":{"index_entries_scanned":2,"documents_scanned":2}}}}"#
    )
  }

  @Test("the plan alone runs nothing and says so")
  func planOnly() throws {
    var playground = try Self.playground(data: "data.json", scale: .none)
    playground.explain = .plan
    let report = playground.run(#"collection("products").where("category", "==", "books").orderBy("price")"#, auth: nil)
    let explain = try #require(report.explain)
    #expect(explain.stats == nil)
    #expect(
      ExplainRenderer.text(explain, manifest: report.indexesName)
        == "plan (not executed):\n  indexes used:\n    (category ASC, price ASC, __name__ ASC) Collection\n")
    #expect(ExplainRenderer.json(explain).text(.compact).contains("executionStats") == false)
  }
}
