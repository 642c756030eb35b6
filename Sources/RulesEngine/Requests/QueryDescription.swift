import FirestoreModel

/// What a `list` request exposes about its query as `request.query` (spec §5.1):
/// `limit`, `offset` and `orderBy`. Filters are not exposed to rules.
package struct QueryDescription: Hashable, Sendable {
  /// A sort direction, shown to rules as `'ASC'` or `'DESC'`.
  package enum Direction: String, Hashable, Sendable {
    case ascending = "ASC"
    case descending = "DESC"
  }

  /// The query's limit; nil when the query has none (then `request.query.limit` is undefined).
  package var limit: Int64?
  /// The query's offset; nil when the query has none.
  package var offset: Int64?
  /// The explicit orderBy clauses, in order.
  package var orderBy: [(field: FieldPath, direction: Direction)]

  package init(limit: Int64? = nil, offset: Int64? = nil, orderBy: [(field: FieldPath, direction: Direction)] = []) {
    self.limit = limit
    self.offset = offset
    self.orderBy = orderBy
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.limit == rhs.limit && lhs.offset == rhs.offset
      && lhs.orderBy.map(\.field) == rhs.orderBy.map(\.field)
      && lhs.orderBy.map(\.direction) == rhs.orderBy.map(\.direction)
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(limit)
    hasher.combine(offset)
    for clause in orderBy {
      hasher.combine(clause.field)
      hasher.combine(clause.direction)
    }
  }

  /// `request.query` as a rules map. Absent limit/offset are absent keys (fail closed: reading
  /// them errors, so `request.query.limit <= 10` denies an unlimited query).
  var rulesValue: RulesValue {
    var map: [String: RulesValue] = [:]
    if let limit { map["limit"] = .int(limit) }
    if let offset { map["offset"] = .int(offset) }
    var order: [String: RulesValue] = [:]
    for clause in orderBy { order[clause.field.description] = .string(clause.direction.rawValue) }
    map["orderBy"] = .map(order)
    return .map(map)
  }
}
