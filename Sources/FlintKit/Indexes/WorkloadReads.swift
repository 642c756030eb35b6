import FirestoreModel
import IndexAdvisor
import Queries

/// `flint indexes --reads`: what each query of a workload bills on the seed data (Query
/// Explain's read operations, query-semantics §11), most first, the total weighted by
/// `@weight`, and the queries over their `@max-reads`.
/// A query naming a value nothing binds (`orgId`, `auth.uid` without `--auth`) is not run:
/// its figures would be those of a placeholder, so its row says which value is missing and,
/// with `@max-reads`, it counts as over budget (fail-closed).
package struct WorkloadReads: Sendable {
  package struct Row: Sendable {
    package var query: WorkloadQuery
    /// Query Explain's report; nil when the query was not run (`missingValue`).
    package var explain: QueryExplain?
    /// The first value the query names that nothing binds: its reads are not computed.
    package var missingValue: UnknownValue? { query.query.unknownValues.first }
    /// The reads billed; nil when not computed.
    package var reads: Int? { explain?.stats?.readOperations }
    /// Over its `@max-reads`, or with one and not computed.
    package var overBudget: Bool {
      guard let budget = query.maxReads else { return false }
      return reads.map { $0 > budget } ?? true
    }
    /// `not computed: no value for orgId`
    var notComputedText: String { "not computed: no value for \(missingValue?.name ?? "a value")" }
  }

  /// Most reads first; equal reads in workload order; the rows not computed last.
  package var rows: [Row]
  package var scale: CollectionScale

  /// Σ reads × weight over the rows computed, saturated at `Int.max` (`totalSaturated`): a
  /// billion reads (`--scale`) at `@weight` a billion passes what an `Int` holds.
  package var totalWeighted: Int { weightedSum.total }

  /// Whether the total passed `Int.max` and says `Int.max` ("≥" in the text).
  package var totalSaturated: Bool { weightedSum.saturated }

  private var weightedSum: (total: Int, saturated: Bool) {
    var total = 0
    for row in rows {
      let (product, overflow) = (row.reads ?? 0).multipliedReportingOverflow(by: row.query.weight)
      let (sum, sumOverflow) = total.addingReportingOverflow(product)
      if overflow || sumOverflow { return (Int.max, true) }
      total = sum
    }
    return (total, false)
  }

  /// The rows whose reads are not computed (a value is missing).
  package var notComputed: Int { rows.filter { $0.reads == nil }.count }

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
        explain: query.query.unknownValues.isEmpty
          ? QueryExplainer.explain(query.query, serving: serving.serving(query.query), engine: engine, scale: scale)
          : nil)
    }
    rows = computed.enumerated().sorted { a, b in
      let (x, y) = (a.element.reads ?? -1, b.element.reads ?? -1)
      return x != y ? x > y : a.offset < b.offset
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
      let figure = row.reads.map(String.init) ?? row.notComputedText
      var line = "  " + String(repeating: " ", count: max(0, width - figure.count)) + "\(figure)  "
      line += row.query.place + String(repeating: " ", count: placeWidth - row.query.place.count)
      line += "  \(row.query.text)"
      if row.query.weight != 1 { line += "  ×\(row.query.weight)" }
      if let budget = row.query.maxReads {
        line += row.overBudget ? "  OVER @max-reads \(budget)" : "  (@max-reads \(budget))"
      }
      out += line + "\n"
    }
    out += "total: \(totalSaturated ? "≥ " : "")\(totalWeighted) read\(totalWeighted == 1 ? "" : "s")"
    out += " (each query's reads × its @weight"
    if totalSaturated { out += "; the sum passes the largest integer Flint counts to" }
    let missing = notComputed
    out += missing == 0 ? ")\n" : "; \(missing) \(missing == 1 ? "query" : "queries") not computed)\n"
    return out
  }

  /// `{"queries": [{"place", "query", "weight", "maxReads", "readOperations", "resultsReturned",
  /// "indexEntriesScanned", "overBudget", "missingValue"?}], "totalWeightedReads", "totalSaturated"?,
  /// "scale"?}`: a query not computed has null figures and names its `missingValue`; a total past
  /// `Int.max` is `Int.max` with `"totalSaturated": true`.
  package func json() -> String {
    let queries: [JSONValue] = rows.map { row in
      let stats = row.explain?.stats
      var members: [(String, JSONValue)] = [
        ("place", .string(row.query.place)),
        ("query", .string(row.query.text)),
        ("weight", .int(row.query.weight)),
        ("maxReads", row.query.maxReads.map { JSONValue.int($0) } ?? .null),
        ("readOperations", stats.map { .int($0.readOperations) } ?? .null),
        ("resultsReturned", stats.map { .int($0.resultsReturned) } ?? .null),
        ("indexEntriesScanned", stats.map { .int($0.indexEntriesScanned) } ?? .null),
        ("overBudget", .bool(row.overBudget)),
      ]
      if stats == nil, let missing = row.missingValue { members.append(("missingValue", .string(missing.name))) }
      return .object(members)
    }
    var members: [(String, JSONValue)] = [("queries", .array(queries)), ("totalWeightedReads", .int(totalWeighted))]
    if totalSaturated { members.append(("totalSaturated", .bool(true))) }
    if !scale.isEmpty {
      members.append(("scale", scale.json))
    }
    return JSONValue.object(members).text(.spaced) + "\n"
  }

  /// Said on stderr for each query over its budget.
  package func overBudgetLines() -> [String] {
    overBudget.map { row in
      let budget = row.query.maxReads ?? 0
      guard let reads = row.reads else {
        return
          "\(row.query.place): over budget: the query's reads are \(row.notComputedText), so @max-reads \(budget) is not met"
      }
      return
        "\(row.query.place): over budget: the query bills \(reads) reads on the seed data, over @max-reads \(budget)"
    }
  }
}
