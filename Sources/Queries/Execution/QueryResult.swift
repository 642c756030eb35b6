import FirestoreModel

/// What running a query returned.
public struct QueryResult: Hashable, Sendable {
  /// The documents, in result order (projected when the query has `select`); empty for
  /// aggregation queries.
  public var documents: [Document]
  /// One result per aggregation, in request order; empty for plain queries.
  public var aggregations: [AggregationResult]
  /// Billed document reads: documents returned plus those skipped by `offset` (at least
  /// 1); for aggregations, 1 per started batch of 1,000 index entries (at least 1).
  public var reads: Int
  /// How the engine found the documents.
  public var plan: ExecutionPlan

  public init(documents: [Document], aggregations: [AggregationResult], reads: Int, plan: ExecutionPlan) {
    self.documents = documents
    self.aggregations = aggregations
    self.reads = reads
    self.plan = plan
  }
}

/// The value of one aggregation.
public struct AggregationResult: Hashable, Sendable {
  public var aggregation: Aggregation
  public var value: Value

  public init(_ aggregation: Aggregation, _ value: Value) {
    self.aggregation = aggregation
    self.value = value
  }

  public var alias: String { aggregation.alias }
}

/// How candidates were found: a full scan of the collection (group), or an in-memory
/// equality index on one field.
public struct ExecutionPlan: Hashable, Sendable {
  public enum Access: Hashable, Sendable {
    case scan
    case equalityIndex(FieldPath)
    case arrayContainsIndex(FieldPath)
  }

  public var access: Access
  /// Documents in the scope.
  public var scopeSize: Int
  /// Documents the filters were evaluated on.
  public var candidates: Int

  public init(access: Access, scopeSize: Int, candidates: Int) {
    self.access = access
    self.scopeSize = scopeSize
    self.candidates = candidates
  }
}

/// Whether the engine may use its equality indexes.
public enum ExecutionStrategy: Hashable, Sendable {
  /// Use an index when a top-level `==`, `in` or `array-contains` filter allows it.
  case automatic
  /// Always scan (for benchmarks and cross-checks).
  case scan
}
