import FirestoreModel
import FlintTestSupport
import Foundation
import Queries
import RulesLanguage
import Testing

@Suite("Query engine")
struct QueryEngineTests {
  /// A deterministic data set: `n` documents in `items` with mixed-type fields.
  static func store(_ n: Int) -> DocumentStore {
    var generator = SplitMix64(seed: 42)
    var documents: [Document] = []
    let cities: [Value] = [.string("Tokyo"), .string("Osaka"), .null, .integer(3), .double(3.0), .string("Kyoto")]
    for i in 0..<n {
      var fields: [String: Value] = ["n": .integer(Int64(i))]
      let city = cities[Int(generator.next() % UInt64(cities.count))]
      if generator.next() % 10 != 0 { fields["city"] = city }
      fields["rank"] =
        generator.next() % 3 == 0 ? .double(Double(generator.next() % 50) / 2) : .integer(Int64(generator.next() % 25))
      fields["tags"] = .array(
        (0..<Int(generator.next() % 3)).map { _ in .string(["a", "b", "c"][Int(generator.next() % 3)]) })
      documents.append(Document(path: ResourcePath(segments: ["items", String(format: "%06d", i)]), fields: fields))
    }
    return DocumentStore(documents: documents)
  }

  func normalized(_ text: String) throws -> NormalizedQuery {
    let prepared = QueryPipeline.prepare(SourceFile(name: "q", text: text))
    #expect(prepared.error == nil && !prepared.diagnostics.contains { $0.severity == .error })
    return try #require(prepared.normalized)
  }

  @Test(
    "index and scan agree",
    arguments: [
      #"collection("items").where("city", "==", "Tokyo")"#,
      #"collection("items").where("city", "==", 3)"#,
      #"collection("items").where("city", "==", null)"#,
      #"collection("items").where("city", "in", ["Osaka", 3.0])"#,
      #"collection("items").where("tags", "array-contains", "b").orderBy("rank", "desc").limit(7)"#,
      #"collection("items").where("city", "==", "Kyoto").where("rank", ">", 10)"#,
      #"collection("items").where(or(where("city", "==", "Kyoto"), where("rank", "<", 2)))"#,
      #"collection("items").where("city", "not-in", ["Tokyo", 3]).orderBy("n").limitToLast(4)"#,
      #"collection("items").where("city", "==", "Osaka").count().sum("rank").avg("rank")"#,
    ])
  func indexMatchesScan(_ text: String) throws {
    let engine = QueryEngine(store: Self.store(2_000))
    let query = try normalized(text)
    let indexed = engine.execute(query)
    let scanned = engine.execute(query, strategy: .scan)
    #expect(indexed.documents.map(\.path) == scanned.documents.map(\.path))
    #expect(
      indexed.aggregations.map { QueryLiteral.render($0.value) }
        == scanned.aggregations.map { QueryLiteral.render($0.value) })
    #expect(indexed.reads == scanned.reads)
  }

  @Test("an equality query on 100,000 documents reads only the matching bucket")
  func equalityUsesIndex() throws {
    let engine = QueryEngine(store: Self.store(100_000))
    let query = try normalized(#"collection("items").where("n", "==", 73512)"#)
    let result = engine.execute(query)
    #expect(result.documents.map(\.id) == ["073512"])
    #expect(result.plan.access == .equalityIndex(FieldPath(["n"])))
    #expect(result.plan.candidates == 1)
    #expect(result.plan.scopeSize == 100_000)
    let scanned = engine.execute(query, strategy: .scan)
    #expect(scanned.plan.candidates == 100_000)
    #expect(scanned.documents == result.documents)
  }

  @Test("limitToLast returns the last documents in query order")
  func limitToLast() throws {
    let engine = QueryEngine(store: Self.store(50))
    let result = engine.execute(try normalized(#"collection("items").orderBy("n").limitToLast(3)"#))
    #expect(result.documents.map(\.id) == ["000047", "000048", "000049"])
  }

  @Test("billed reads: at least one, and one per 1,000 index entries for aggregations")
  func reads() throws {
    let engine = QueryEngine(store: Self.store(2_500))
    #expect(engine.execute(try normalized(#"collection("items").where("n", "==", -1)"#)).reads == 1)
    #expect(engine.execute(try normalized(#"collection("items").count()"#)).reads == 3)
    #expect(engine.execute(try normalized(#"collection("items").limit(1000).count()"#)).reads == 1)
  }
}

@Suite("Normalized query summary")
struct NormalizedSummaryTests {
  @Test("the summary names the wire order for limitToLast")
  func summary() throws {
    let prepared = QueryPipeline.prepare(
      SourceFile(
        name: "q", text: #"collectionGroup("c").where("a", ">", 1).orderBy("b", "desc").limitToLast(3).select("a")"#))
    let normalized = try #require(prepared.normalized)
    #expect(
      normalized.description == """
        scope: collectionGroup(c)
        branches: (a > 1)
        disjunctions: 1
        orderBy: b desc, a desc, __name__ desc
        wire orderBy: b asc, a asc, __name__ asc
        limitToLast: 3
        select: a
        """)
  }
}
