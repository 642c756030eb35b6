import RulesEngine

extension QueryDescription {
  /// What `request.query` shows of a query: limit, offset and the order-by the backend
  /// receives (the normalized one; for aggregations the explicit one, as the SDK sends it).
  /// The same for the list proof and for rule-test suites.
  package init(_ query: NormalizedQuery) {
    let order = query.aggregations.isEmpty ? query.wireOrderBy : query.explicitOrderBy
    self.init(
      limit: query.limit, offset: query.offset,
      orderBy: order.map { ($0.field, $0.direction == .ascending ? .ascending : .descending) })
  }
}
