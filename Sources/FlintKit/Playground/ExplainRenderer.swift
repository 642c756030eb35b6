import FirestoreModel
import IndexAdvisor
import Queries

/// Renders Query Explain's report (`flint query --plan`/`--analyze`, the REPL's `:analyze`,
/// `flint indexes --reads`). JSON is the shape the server SDKs return:
/// `{"explainMetrics": {"planSummary": {"indexesUsed": [{"query_scope", "properties"}]},
/// "executionStats": {"resultsReturned", "readOperations", "debugStats": {"index_entries_scanned",
/// "documents_scanned"}}}}` (`executionStats` only with analyze), with `"scale"` beside
/// `explainMetrics` when collections were scaled and `"missingIndexes"` when the plan needs
/// indexes the manifest lacks.
package enum ExplainRenderer {
  /// The text report; `manifest` names the manifest the missing indexes are not in (nil: none).
  package static func text(_ explain: QueryExplain, manifest: String?) -> String {
    var out = explain.stats == nil ? "plan (not executed):\n" : "plan:\n"
    out += explain.isMerge ? "  indexes used (an index merge: every member is scanned):\n" : "  indexes used:\n"
    for index in explain.indexesUsed {
      out += "    \(index.properties) \(index.queryScope)"
      if index.isMissing {
        out += manifest.map { " (MISSING: not in \($0))" } ?? " (MISSING: not an automatic index)"
      }
      out += "\n"
    }
    if !explain.missing.isEmpty, explain.stats != nil {
      out += "  the query fails until the missing index exists; the figures assume it does\n"
    }
    guard let stats = explain.stats else { return out }
    out += explain.scale.isEmpty ? "execution:\n" : "execution (estimate, scaled: \(explain.scale.description)):\n"
    out += "  results returned: \(stats.resultsReturned)\n"
    out += "  read operations: \(stats.readOperations)\n"
    out += "  index entries scanned: \(stats.indexEntriesScanned)\n"
    out += "  documents scanned: \(stats.documentsScanned)\n"
    return out
  }

  package static func json(_ explain: QueryExplain) -> JSONValue {
    let used: [JSONValue] = explain.indexesUsed.map {
      .object([("query_scope", .string($0.queryScope)), ("properties", .string($0.properties))])
    }
    var metrics: [(String, JSONValue)] = [("planSummary", .object([("indexesUsed", .array(used))]))]
    if let stats = explain.stats {
      metrics.append(
        (
          "executionStats",
          .object([
            ("resultsReturned", .int(stats.resultsReturned)),
            ("readOperations", .int(stats.readOperations)),
            (
              "debugStats",
              .object([
                ("index_entries_scanned", .int(stats.indexEntriesScanned)),
                ("documents_scanned", .int(stats.documentsScanned)),
              ])
            ),
          ])
        ))
    }
    var members: [(String, JSONValue)] = [("explainMetrics", .object(metrics))]
    if !explain.scale.isEmpty {
      members.append(("scale", explain.scale.json))
    }
    if !explain.missing.isEmpty {
      members.append(("missingIndexes", .array(explain.missing.map { .string($0.properties) })))
    }
    return .object(members)
  }

  /// Said on stderr when a query bills more than its budget.
  package static func overBudget(reads: Int, budget: Int) -> String {
    "flint: the query bills \(reads) read\(reads == 1 ? "" : "s") on the seeded data, over --max-reads \(budget)"
  }

  /// Said on stderr when a budget was given but the query did not run (invalid, or `missing`
  /// a value): a budget is met only by a computed figure.
  package static func readsNotComputed(budget: Int, missing: UnknownValue?) -> String {
    let why = missing.map { ": no value for \($0.name)" } ?? ""
    return "flint: reads not computed\(why), so --max-reads \(budget) is not met"
  }
}
