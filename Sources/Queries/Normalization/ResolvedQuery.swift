import FirestoreModel
import RulesLanguage

/// Whether `limit` keeps the first or the last documents.
package enum LimitType: String, Hashable, Sendable {
  case first
  case last
}

/// A query after the SDK's step-by-step construction: values resolved, later limits and
/// cursors replacing earlier ones, exactly what the SDK would hold before sending.
package struct ResolvedQuery: Hashable, Sendable {
  package var scope: QueryScope
  /// Implicitly ANDed top-level filters, in the order added.
  package var filters: [Filter] = []
  package var explicitOrderBy: [OrderBy] = []
  package var limit: Int64?
  package var limitType: LimitType = .first
  package var limitRange: SourceRange = .none
  package var offset: Int64?
  package var offsetRange: SourceRange = .none
  package var startAt: Bound?
  package var endAt: Bound?
  /// `select(...)` fields; nil when every field is returned.
  package var projection: [FieldPath]?
  package var aggregations: [Aggregation] = []
  package var aggregationRanges: [SourceRange] = []
  /// Ranges of the steps that referenced each field path (for backend errors).
  package var fieldRanges: [(FieldPath, SourceRange)] = []
  package var sourceRange: SourceRange = .none
  package var range: SourceRange = .none

  package init(scope: QueryScope) {
    self.scope = scope
  }

  /// Every field filter in the query, flattened in written order.
  package var flattenedFilters: [FieldFilter] { Filter.flatten(filters) }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.scope == rhs.scope && lhs.filters == rhs.filters && lhs.explicitOrderBy == rhs.explicitOrderBy
      && lhs.limit == rhs.limit && lhs.limitType == rhs.limitType && lhs.offset == rhs.offset
      && lhs.startAt == rhs.startAt && lhs.endAt == rhs.endAt && lhs.projection == rhs.projection
      && lhs.aggregations == rhs.aggregations
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(scope)
    hasher.combine(filters)
    hasher.combine(explicitOrderBy)
    hasher.combine(limit)
  }
}
