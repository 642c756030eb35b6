import FirestoreModel
import IndexAdvisor
import Queries
import RulesLanguage

/// Query Explain with analyze over 100,000 generated documents: a range on one field ordered by
/// it (an automatic index, a scan stopped by the limit) and a two-range query that reads a
/// large part of a composite index (the plan, the sort and the scan of every entry).
enum ExplainBench {
  static func run(documents count: Int = 100_000, repeats: Int = 3) -> BenchResult {
    var documents: [Document] = []
    documents.reserveCapacity(count)
    for index in 0..<count {
      documents.append(
        Document(
          path: ResourcePath(segments: ["orders", "o\(index)"]),
          fields: [
            "customer": .string("c\(index % 500)"), "total": .integer(Int64(index % 1000)),
            "items": .integer(Int64(index % 7)),
          ]))
    }
    let engine = QueryEngine(store: DocumentStore(documents: documents))
    var manifest = IndexManifest()
    manifest.indexes = [
      CompositeIndex(
        collectionGroup: "orders", scope: .collection,
        fields: [IndexField(FieldPath(["total"]), .ascending), IndexField(FieldPath(["items"]), .ascending)])
    ]
    let serving = ServingCheck(manifest)
    let texts = [
      #"collection("orders").where("total", ">=", 500).orderBy("total").limit(50)"#,
      #"collection("orders").where("total", ">=", 500).where("items", ">", 5)"#,
    ]
    let queries = texts.compactMap { QueryPipeline.prepare(SourceFile(name: "bench", text: $0)).normalized }
    guard queries.count == texts.count else {
      return BenchResult(name: "explain-analyze-100k", fields: [("error", "a query did not prepare")])
    }
    var reads: [Int] = []
    var entries: [Int] = []
    let seconds = bestSeconds(repeats: repeats) {
      reads = []
      entries = []
      for query in queries {
        let stats = QueryExplainer.explain(query, serving: serving.serving(query), engine: engine).stats
        reads.append(stats?.readOperations ?? 0)
        entries.append(stats?.indexEntriesScanned ?? 0)
      }
    }
    return BenchResult(
      name: "explain-analyze-100k",
      fields: [
        ("documents", .int(count)), ("queries", .int(queries.count)),
        ("reads", .string(reads.map(String.init).joined(separator: ","))),
        ("entries_scanned", .string(entries.map(String.init).joined(separator: ","))),
        ("ms_per_query", format(seconds * 1000 / Double(queries.count), digits: 1)),
      ])
  }
}
