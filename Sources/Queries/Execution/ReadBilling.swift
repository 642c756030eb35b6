import FirestoreModel

/// How Firestore bills a query's reads (query-semantics §11.2), from what its execution touched:
/// the one rule the engine (`QueryResult.reads`) and Query Explain (`readOperations`) bill by.
package enum ReadBilling {
  /// Index entries billed as one read.
  package static let entriesPerRead = 1_000

  /// Reads of a query returning `documents` (those skipped by `offset` included) after
  /// scanning `entries` index entries: one read per document, plus one per started batch of
  /// 1,000 entries when the query bills index entries; an aggregation bills only the
  /// batches; at least one read.
  package static func reads(documents: Int, entries: Int, aggregation: Bool, billsIndexEntries: Bool) -> Int {
    let batches = (entries + entriesPerRead - 1) / entriesPerRead
    if aggregation { return max(1, batches) }
    return max(1, documents + (billsIndexEntries ? batches : 0))
  }

  /// Whether the bill depends on the index entries the query's scan reads (an aggregation, or
  /// index entries billed): only a scan of the serving indexes (Query Explain) counts those
  /// beyond the documents read; otherwise the engine's figure is Query Explain's.
  package static func countsIndexEntries(_ query: NormalizedQuery) -> Bool {
    !query.aggregations.isEmpty || billsIndexEntries(query)
  }

  /// Whether the query is billed for the index entries it reads: it has more than one range
  /// field. The inequality fields are range fields; `__name__` is one whenever a filter or an
  /// explicit order-by names it; an explicit order-by field (not equality-filtered) is one when
  /// there is at least one other range field (§11.2 rule 4).
  package static func billsIndexEntries(_ query: NormalizedQuery) -> Bool {
    var range = Set(query.inequalityFields.filter { !$0.isDocumentID })
    let filters = query.flattenedFilters
    if filters.contains(where: \.field.isDocumentID) || query.explicitOrderBy.contains(where: \.field.isDocumentID) {
      range.insert(.documentID)
    }
    guard !range.isEmpty else { return false }
    let equality = Set(filters.filter { $0.op == .equal || $0.op == .in }.map(\.field))
    for order in query.explicitOrderBy where !order.field.isDocumentID && !equality.contains(order.field) {
      range.insert(order.field)
    }
    return range.count > 1
  }
}
