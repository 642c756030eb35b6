import FirestoreModel

/// What running a query returned.
package struct QueryResult: Hashable, Sendable {
  /// The documents, in result order (projected when the query has `select`); empty for
  /// aggregation queries.
  package var documents: [Document]
  /// One result per aggregation, in request order; empty for plain queries.
  package var aggregations: [AggregationResult]
  /// Billed reads by `ReadBilling`, the index entries counted being those of the documents read
  /// (returned and skipped by `offset`): Query Explain's read operations whenever the bill does
  /// not depend on the entries a scan reads (`ReadBilling.countsIndexEntries`), else at most them.
  package var reads: Int
  /// How the engine found the documents.
  package var plan: ExecutionPlan

  package init(documents: [Document], aggregations: [AggregationResult], reads: Int, plan: ExecutionPlan) {
    self.documents = documents
    self.aggregations = aggregations
    self.reads = reads
    self.plan = plan
  }
}

/// The value of one aggregation.
package struct AggregationResult: Hashable, Sendable {
  package var aggregation: Aggregation
  package var value: Value

  package init(_ aggregation: Aggregation, _ value: Value) {
    self.aggregation = aggregation
    self.value = value
  }

  package var alias: String { aggregation.alias }
}

/// How candidates were found: a full scan of the collection (group), or an in-memory
/// equality index on one field.
package struct ExecutionPlan: Hashable, Sendable {
  package enum Access: Hashable, Sendable {
    case scan
    case equalityIndex(FieldPath)
    case arrayContainsIndex(FieldPath)
  }

  package var access: Access
  /// Documents in the scope.
  package var scopeSize: Int
  /// Documents the filters were evaluated on.
  package var candidates: Int

  package init(access: Access, scopeSize: Int, candidates: Int) {
    self.access = access
    self.scopeSize = scopeSize
    self.candidates = candidates
  }
}

/// Whether the engine may use its equality indexes.
package enum ExecutionStrategy: Hashable, Sendable {
  /// Use an index when a top-level `==`, `in` or `array-contains` filter allows it.
  case automatic
  /// Always scan (for benchmarks and cross-checks).
  case scan
}
