import FirestoreModel
import RulesLanguage

/// Whether `limit` keeps the first or the last documents.
public enum LimitType: String, Hashable, Sendable {
  case first
  case last
}

/// A query after the SDK's step-by-step construction: values resolved, later limits and
/// cursors replacing earlier ones, exactly what the SDK would hold before sending.
public struct ResolvedQuery: Hashable, Sendable {
  public var scope: QueryScope
  /// Implicitly ANDed top-level filters, in the order added.
  public var filters: [Filter] = []
  public var explicitOrderBy: [OrderBy] = []
  public var limit: Int64?
  public var limitType: LimitType = .first
  public var limitRange: SourceRange = .none
  public var offset: Int64?
  public var offsetRange: SourceRange = .none
  public var startAt: Bound?
  public var endAt: Bound?
  /// `select(...)` fields; nil when every field is returned.
  public var projection: [FieldPath]?
  public var aggregations: [Aggregation] = []
  public var aggregationRanges: [SourceRange] = []
  /// Ranges of the steps that referenced each field path (for backend errors).
  public var fieldRanges: [(FieldPath, SourceRange)] = []
  public var sourceRange: SourceRange = .none
  public var range: SourceRange = .none

  public init(scope: QueryScope) {
    self.scope = scope
  }

  /// Every field filter in the query, flattened in written order.
  public var flattenedFilters: [FieldFilter] { Filter.flatten(filters) }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.scope == rhs.scope && lhs.filters == rhs.filters && lhs.explicitOrderBy == rhs.explicitOrderBy
      && lhs.limit == rhs.limit && lhs.limitType == rhs.limitType && lhs.offset == rhs.offset
      && lhs.startAt == rhs.startAt && lhs.endAt == rhs.endAt && lhs.projection == rhs.projection
      && lhs.aggregations == rhs.aggregations
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(scope)
    hasher.combine(filters)
    hasher.combine(explicitOrderBy)
    hasher.combine(limit)
  }
}
