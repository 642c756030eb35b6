import FirestoreModel
import Queries
import RulesLanguage

/// An equality query over 100,000 seeded documents: in-memory field index versus full scan.
enum QueryExecutionBench {
  static func run(documents count: Int = 100_000, validationIterations: Int = 100_000) -> [BenchResult] {
    var documents: [Document] = []
    documents.reserveCapacity(count)
    for index in 0..<count {
      documents.append(
        Document(
          path: ResourcePath(segments: ["posts", "p\(index)"]),
          fields: [
            "author": .string("user\(index % 1000)"), "score": .integer(Int64(index % 97)),
            "published": .boolean(index % 3 == 0),
          ]))
    }
    let store = DocumentStore(documents: documents)
    let prepared = QueryPipeline.prepare(
      SourceFile(name: "bench", text: #"collection("posts").where("author", "==", "user42")"#))
    guard let normalized = prepared.normalized else {
      return [BenchResult(name: "query-execution", fields: [("error", "query did not prepare")])]
    }
    let engine = QueryEngine(store: store)
    _ = engine.execute(normalized)  // build the lazy field index once
    let queries = 200
    var indexedCount = 0
    var scanCount = 0
    let indexed = bestSeconds {
      for _ in 0..<queries { indexedCount = engine.execute(normalized).documents.count }
    }
    let scanned = bestSeconds(repeats: 1) {
      for _ in 0..<20 { scanCount = engine.execute(normalized, strategy: .scan).documents.count }
    }
    let perIndexed = indexed / Double(queries)
    let perScan = scanned / 20
    let validation = validationRun(iterations: validationIterations)
    return [
      BenchResult(
        name: "query-execution-100k",
        fields: [
          ("documents", .int(count)), ("results", .int(indexedCount)), ("scan_results", .int(scanCount)),
          ("indexed_ms_per_query", format(perIndexed * 1000, digits: 3)),
          ("scan_ms_per_query", format(perScan * 1000, digits: 3)),
          ("speedup", format(perScan / perIndexed)),
        ]),
      validation,
    ]
  }

  /// Parse + validate + normalize throughput on a mix of query shapes.
  static func validationRun(iterations: Int = 100_000, repeats: Int = 3) -> BenchResult {
    let texts = [
      #"collection("posts").where("author", "==", "alice").orderBy("createdAt", "desc").limit(20)"#,
      #"collectionGroup("comments").where("score", ">=", 3).where("score", "<", 9)"#,
      #"collection("rooms/r1/messages").where(or(where("a", "==", 1), where("b", "in", [1, 2, 3]))).limit(50)"#,
      #"collection("users").where("tags", "array-contains", "x").orderBy("name").startAfter("m")"#,
    ]
    let sources = texts.map { SourceFile(name: "bench", text: $0) }
    var valid = 0
    let seconds = bestSeconds(repeats: repeats) {
      valid = 0
      for index in 0..<iterations where QueryPipeline.prepare(sources[index & 3]).normalized != nil {
        valid += 1
      }
    }
    return BenchResult(
      name: "query-validation",
      fields: [
        ("queries", .int(iterations)), ("valid", .int(valid)), ("seconds", format(seconds, digits: 3)),
        ("queries_per_second", format(Double(iterations) / seconds, digits: 0)),
      ])
  }
}
