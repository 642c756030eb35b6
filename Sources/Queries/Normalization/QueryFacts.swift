import FirestoreModel

/// What the backend checks and normalization both derive from a resolved query: the
/// flattened filters, the inequality fields, the normalized order-by, the DNF branches and
/// the disjunction count. Each is computed on first use and then shared, so preparing a
/// query builds none of them twice.
struct QueryFacts {
  private let filters: [Filter]
  private let explicitOrderBy: [OrderBy]

  init(_ query: ResolvedQuery) {
    self.filters = query.filters
    self.explicitOrderBy = query.explicitOrderBy
  }

  /// `ResolvedQuery.flattenedFilters`.
  lazy var flattened: [FieldFilter] = Filter.flatten(filters)

  /// `QueryNormalizer.inequalityFields(filters)`: distinct, in field-path order.
  lazy var inequalityFields: [FieldPath] = QueryNormalizer.inequalityFields(of: flattened)

  /// `QueryNormalizer.normalizedOrderBy(query)`.
  lazy var normalizedOrderBy: [OrderBy] = QueryNormalizer.normalizedOrderBy(
    explicitOrderBy, inequalityFields: inequalityFields)

  /// `DNF.disjunctionCount(filters, expandIn: true)`.
  lazy var disjunctionCount: Int = DNF.disjunctionCount(filters, expandIn: true)

  /// `DNF.branches(filters, limit: 30)`: nil past 30 branches.
  lazy var branches: [[FieldFilter]]? = DNF.branches(filters, limit: 30)
}
