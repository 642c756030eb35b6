import FirestoreModel

/// Query Explain's report for one query, computed offline (query-semantics §11): the plan
/// summary (the indexes the backend would use) and, when the query ran on seeded data, the
/// execution statistics Firestore bills by.
package struct QueryExplain: Hashable, Sendable {
  /// The indexes used, in the order the branches use them (a merge lists each member).
  package var indexesUsed: [ExplainIndex]
  /// Whether some branch is served by merging several indexes.
  package var isMerge: Bool
  /// The figures of an execution (nil for the plan alone).
  package var stats: ExplainStats?
  /// The collection scale factors the figures were computed with (empty: the seed data as is).
  package var scale: CollectionScale

  package init(indexesUsed: [ExplainIndex], isMerge: Bool, stats: ExplainStats?, scale: CollectionScale = .none) {
    self.indexesUsed = indexesUsed
    self.isMerge = isMerge
    self.stats = stats
    self.scale = scale
  }

  /// The indexes used that the manifest does not have (the query fails until they exist).
  package var missing: [ExplainIndex] { indexesUsed.filter(\.isMissing) }
}

/// One index of a plan, as Query Explain prints it: `(age ASC, __name__ ASC)` with its scope.
package struct ExplainIndex: Hashable, Sendable {
  package var scope: IndexScope
  /// Every field, `__name__` last.
  package var fields: [IndexField]
  /// Not in the manifest (nor automatic): the index the backend asks for.
  package var isMissing: Bool

  package init(scope: IndexScope, fields: [IndexField], isMissing: Bool = false) {
    self.scope = scope
    self.fields = fields
    self.isMissing = isMissing
  }

  /// `(age ASC, __name__ ASC)`, Query Explain's `properties`.
  package var properties: String { "(" + fields.map(\.description).joined(separator: ", ") + ")" }

  /// `Collection` or `Collection group`, Query Explain's `query_scope`.
  package var queryScope: String { scope == .collection ? "Collection" : "Collection group" }
}

/// Query Explain's execution statistics (`executionStats` and its `debugStats`).
package struct ExplainStats: Hashable, Sendable {
  /// Documents returned (1 for an aggregation query: its one result).
  package var resultsReturned: Int
  /// Billed read operations.
  package var readOperations: Int
  package var indexEntriesScanned: Int
  package var documentsScanned: Int

  package init(resultsReturned: Int, readOperations: Int, indexEntriesScanned: Int, documentsScanned: Int) {
    self.resultsReturned = resultsReturned
    self.readOperations = readOperations
    self.indexEntriesScanned = indexEntriesScanned
    self.documentsScanned = documentsScanned
  }
}
