import FirestoreModel
import IndexAdvisor
import Queries

/// `flint indexes --reads`: what each query of a workload bills on the seed data (Query
/// Explain's read operations, query-semantics §11), most first, the total weighted by
/// `@weight`, and the queries over their `@max-reads`.
package struct WorkloadReads: Sendable {
  package struct Row: Sendable {
    package var query: WorkloadQuery
    package var explain: QueryExplain
    package var reads: Int { explain.stats?.readOperations ?? 0 }
    package var overBudget: Bool { query.maxReads.map { reads > $0 } ?? false }
  }

  /// Most reads first; equal reads in workload order.
  package var rows: [Row]
  package var scale: CollectionScale

  /// Σ reads × weight.
  package var totalWeighted: Int {
    rows.reduce(0) { $0 + $1.reads.multipliedReportingOverflow(by: $1.query.weight).partialValue }
  }

  package var overBudget: [Row] { rows.filter(\.overBudget) }

  /// Runs every query on `store` with the manifest's indexes.
  package init(
    _ queries: [WorkloadQuery], manifest: IndexManifest, store: DocumentStore, scale: CollectionScale = .none
  ) {
    let serving = ServingCheck(manifest)
    let engine = QueryEngine(store: store)
    let computed = queries.map { query in
      Row(
        query: query,
        explain: QueryExplainer.explain(
          query.query, serving: serving.serving(query.query), engine: engine, scale: scale))
    }
    rows = computed.enumerated().sorted { a, b in
      a.element.reads != b.element.reads ? a.element.reads > b.element.reads : a.offset < b.offset
    }.map(\.element)
    self.scale = scale
  }

  /// One line per query (`reads  place  query  [×weight] [@max-reads N: OVER]`), then the total.
  package func text() -> String {
    var out =
      scale.isEmpty
      ? "reads on the seed data, most first:\n" : "reads (estimate, scaled: \(scale.description)), most first:\n"
    let width = String(rows.first?.reads ?? 0).count
    let placeWidth = rows.map(\.query.place.count).max() ?? 0
    for row in rows {
      var line = "  " + String(repeating: " ", count: width - String(row.reads).count) + "\(row.reads)  "
      line += row.query.place + String(repeating: " ", count: placeWidth - row.query.place.count)
      line += "  \(row.query.text)"
      if row.query.weight != 1 { line += "  ×\(row.query.weight)" }
      if let budget = row.query.maxReads {
        line += row.overBudget ? "  OVER @max-reads \(budget)" : "  (@max-reads \(budget))"
      }
      out += line + "\n"
    }
    out += "total: \(totalWeighted) read\(totalWeighted == 1 ? "" : "s") (each query's reads × its @weight)\n"
    return out
  }

  /// `{"queries": [{"place", "query", "weight", "maxReads", "readOperations", "resultsReturned",
  /// "indexEntriesScanned", "overBudget"}], "totalWeightedReads", "scale"?}`.
  package func json() -> String {
    let queries: [JSONValue] = rows.map { row in
      let stats = row.explain.stats
      return .object([
        ("place", .string(row.query.place)),
        ("query", .string(row.query.text)),
        ("weight", .int(row.query.weight)),
        ("maxReads", row.query.maxReads.map { JSONValue.int($0) } ?? .null),
        ("readOperations", .int(row.reads)),
        ("resultsReturned", .int(stats?.resultsReturned ?? 0)),
        ("indexEntriesScanned", .int(stats?.indexEntriesScanned ?? 0)),
        ("overBudget", .bool(row.overBudget)),
      ])
    }
    var members: [(String, JSONValue)] = [("queries", .array(queries)), ("totalWeightedReads", .int(totalWeighted))]
    if !scale.isEmpty {
      members.append(("scale", scale.json))
    }
    return JSONValue.object(members).text(.spaced) + "\n"
  }

  /// Said on stderr for each query over its budget.
  package func overBudgetLines() -> [String] {
    overBudget.map { row in
      "\(row.query.place): over budget: the query bills \(row.reads) reads on the seed data, over @max-reads \(row.query.maxReads ?? 0)"
    }
  }
}
