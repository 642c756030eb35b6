import FirestoreModel
import FlintTestSupport
import IndexAdvisor
import Queries
import RulesLanguage
import Testing

/// Query Explain's figures on random data and queries (Docs/query-semantics.md §11): they agree
/// with the engine's execution and keep the billing floor.
@Suite("Query Explain properties")
struct ExplainPropertyTests {
  /// Documents of both groups with small values, fields sometimes missing or of another type,
  /// and some in a subcollection (collection-group queries).
  static func store(_ random: inout SplitMix64) -> DocumentStore {
    var documents: [Document] = []
    func value(_ random: inout SplitMix64) -> Value? {
      switch Int.random(in: 0..<10, using: &random) {
      case 0: nil
      case 1: .string("s")
      default: .integer(Int64.random(in: 0...3, using: &random))
      }
    }
    for group in RandomWorkloads.groups {
      for i in 0..<Int.random(in: 0...40, using: &random) {
        var fields: [String: Value] = [:]
        for field in ["a", "b", "c"] { fields[field] = value(&random) }
        if let e = value(&random) { fields["d"] = .map(["e": e]) }
        if Bool.random(using: &random) {
          fields["tags"] = .array(
            (0..<Int.random(in: 0...3, using: &random)).map { _ in .integer(Int64.random(in: 0...2, using: &random)) })
        }
        let path = i % 5 == 4 ? "top/t\(i)/\(group)/d\(i)" : "\(group)/d\(i)"
        documents.append(Document(path: ResourcePath(parsing: path)!, fields: fields))
      }
    }
    return DocumentStore(documents: documents)
  }

  @Test("results equal the execution's; reads at least 1, the results and the engine's; entries at least the results")
  func figuresAgreeWithExecution() throws {
    var checked = 0
    for seed in UInt64(1)...60 {
      var random = SplitMix64(seed: seed)
      let store = Self.store(&random)
      let engine = QueryEngine(store: store)
      var workloads = RandomWorkloads(seed: seed &* 7919)
      let manifest = try ManifestReader.read(workloads.manifestText(indexes: 6)).manifest
      let serving = ServingCheck(manifest)
      for _ in 0..<25 {
        var text = workloads.queryText()
        if !text.contains("limitToLast"), !text.contains(".sum(") {
          if workloads.chance(30) { text += ".offset(\(Int.random(in: 0...3, using: &random)))" }
          if workloads.chance(40) { text += ".limit(\(Int.random(in: 1...4, using: &random)))" }
        }
        let prepared = QueryPipeline.prepare(SourceFile(name: "<q>", text: text), context: AdvisorFixtures.context)
        guard let query = prepared.normalized else { continue }
        let explain = QueryExplainer.explain(query, serving: serving.serving(query), engine: engine)
        let stats = try #require(explain.stats)
        let result = engine.execute(query)
        #expect(stats.readOperations >= 1, "\(text)")
        // One billing rule (ReadBilling): the engine's reads are Query Explain's unless the bill
        // counts index entries past the first 1,000, which only the index scan knows.
        if !ReadBilling.countsIndexEntries(query) || stats.indexEntriesScanned <= ReadBilling.entriesPerRead {
          #expect(result.reads == stats.readOperations, "\(text)")
        } else {
          #expect(result.reads <= stats.readOperations, "\(text)")
        }
        if query.aggregations.isEmpty {
          #expect(stats.resultsReturned == result.documents.count, "\(text)")
          #expect(stats.readOperations >= stats.resultsReturned, "\(text)")
          #expect(stats.indexEntriesScanned >= stats.resultsReturned, "\(text)")
          #expect(stats.documentsScanned >= stats.resultsReturned, "\(text)")
        } else {
          #expect(stats.resultsReturned == 1, "\(text)")
        }
        #expect(!explain.indexesUsed.isEmpty, "\(text)")
        checked += 1
      }
    }
    #expect(checked > 500)
  }

  @Test("scaling a collection by N multiplies an unlimited query's figures by N")
  func scalingMultiplies() throws {
    var random = SplitMix64(seed: 99)
    let store = Self.store(&random)
    let engine = QueryEngine(store: store)
    var scale = CollectionScale()
    try scale.set("posts", 1000)
    for text in [#"collection("posts").where("a", "==", 1)"#, #"collection("posts").where("a", ">", 0)"#] {
      let query = try #require(AdvisorFixtures.normalized(text))
      let serving = ServingCheck(IndexManifest()).serving(query)
      let plain = try #require(QueryExplainer.explain(query, serving: serving, engine: engine).stats)
      let scaled = try #require(QueryExplainer.explain(query, serving: serving, engine: engine, scale: scale).stats)
      #expect(scaled.resultsReturned == plain.resultsReturned * 1000)
      #expect(scaled.indexEntriesScanned == plain.indexEntriesScanned * 1000)
    }
  }

  @Test("billing: index entries only past one range field; aggregations per 1,000 entries")
  func billing() throws {
    func bills(_ text: String) throws -> Bool {
      ReadBilling.billsIndexEntries(try #require(AdvisorFixtures.normalized(text)))
    }
    #expect(try !bills(#"collection("e").where("age", "==", 35).where("start", ">=", 1)"#))
    #expect(try bills(#"collection("e").where("age", ">=", 35).where("start", ">=", 1)"#))
    #expect(try bills(#"collection("e").where("age", ">=", 35).orderBy("start")"#))
    #expect(try bills(#"collection("e").where(documentId(), "in", ["a", "b"]).orderBy("age")"#))
    #expect(try !bills(#"collection("e").orderBy("age").orderBy("start")"#))
    #expect(ReadBilling.reads(documents: 0, entries: 0, aggregation: false, billsIndexEntries: true) == 1)
    #expect(ReadBilling.reads(documents: 5, entries: 95_000, aggregation: false, billsIndexEntries: true) == 100)
    #expect(ReadBilling.reads(documents: 5, entries: 95_000, aggregation: false, billsIndexEntries: false) == 5)
    #expect(ReadBilling.reads(documents: 0, entries: 1_500, aggregation: true, billsIndexEntries: false) == 2)
    #expect(ReadBilling.reads(documents: 0, entries: 0, aggregation: true, billsIndexEntries: false) == 1)
  }
}
