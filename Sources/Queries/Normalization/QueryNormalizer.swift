import FirestoreModel
import RulesLanguage

/// A validated query in the form the backend executes and the index advisor reads:
/// normalized order-by, DNF branches, and the wire form for `limitToLast`.
package struct NormalizedQuery: Hashable, Sendable {
  package var scope: QueryScope
  /// Top-level filters (implicitly ANDed), as resolved.
  package var filters: [Filter]
  /// Disjunctive normal form with `in`/`array-contains-any` kept as single filters:
  /// one conjunction per branch (`[[]]` when there is no filter).
  package var branches: [[FieldFilter]]
  /// The number of disjunctions the backend counts, with `in` and `array-contains-any`
  /// expanded into their values (the 30-disjunction limit).
  package var disjunctionCount: Int
  package var explicitOrderBy: [OrderBy]
  /// Explicit orders, then inequality fields (all branches, field-path order) in the last
  /// explicit direction, then `__name__`.
  package var orderBy: [OrderBy]
  package var limit: Int64?
  package var limitType: LimitType
  package var offset: Int64?
  package var startAt: Bound?
  package var endAt: Bound?
  package var projection: [FieldPath]?
  package var aggregations: [Aggregation]
  /// The values the query names that nothing bound (only in a context with
  /// `placeholdersForUnbound`): a proof or an execution needs them, its shape and index do not.
  package var unknownValues: [UnknownValue] = []

  /// Whether this is `limitToLast` (the SDK flips the query and reverses the results).
  package var isLimitToLast: Bool { limitType == .last }

  /// The order-by sent on the wire: flipped for `limitToLast`.
  package var wireOrderBy: [OrderBy] {
    isLimitToLast ? orderBy.map { OrderBy($0.field, $0.direction.flipped, range: $0.range) } : orderBy
  }

  /// The start cursor sent on the wire (the end cursor for `limitToLast`).
  package var wireStartAt: Bound? { isLimitToLast ? endAt : startAt }
  /// The end cursor sent on the wire (the start cursor for `limitToLast`).
  package var wireEndAt: Bound? { isLimitToLast ? startAt : endAt }

  /// Every field filter, flattened.
  package var flattenedFilters: [FieldFilter] { Filter.flatten(filters) }

  /// Fields with an inequality filter anywhere in the query, in field-path order.
  package var inequalityFields: [FieldPath] { QueryNormalizer.inequalityFields(filters) }
}

/// Normalization (query-semantics §3): implicit order-by, `limitToLast` wire form and DNF.
package enum QueryNormalizer {
  /// Normalizes a query that passed validation.
  package static func normalize(_ query: ResolvedQuery) -> NormalizedQuery {
    var facts = QueryFacts(query)
    return normalize(query, facts: &facts)
  }

  /// Normalizes with what validation already derived (the pipeline's path: nothing is
  /// computed twice).
  static func normalize(_ query: ResolvedQuery, facts: inout QueryFacts) -> NormalizedQuery {
    NormalizedQuery(
      scope: query.scope, filters: query.filters, branches: facts.branches ?? [],
      disjunctionCount: facts.disjunctionCount, explicitOrderBy: query.explicitOrderBy,
      orderBy: facts.normalizedOrderBy, limit: query.limit, limitType: query.limitType, offset: query.offset,
      startAt: query.startAt, endAt: query.endAt, projection: query.projection, aggregations: query.aggregations)
  }

  /// Distinct fields of every inequality filter in the tree, sorted by field path.
  package static func inequalityFields(_ filters: [Filter]) -> [FieldPath] {
    inequalityFields(of: Filter.flatten(filters))
  }

  /// `inequalityFields` of already flattened filters.
  static func inequalityFields(of flattened: [FieldFilter]) -> [FieldPath] {
    var fields: [FieldPath] = []
    for filter in flattened where filter.op.isInequality {
      fields.append(filter.field)
    }
    guard fields.count > 1 else { return fields }
    return distinct(fields).sorted(by: FieldPathOrder.precedes)
  }

  /// The first occurrence of each distinct field: a linear scan for the few fields a
  /// query usually has, a set past that (so a huge query stays linear).
  static func distinct(_ fields: [FieldPath]) -> [FieldPath] {
    if fields.count > 16 {
      var seen = Set<FieldPath>()
      return fields.filter { seen.insert($0).inserted }
    }
    var unique: [FieldPath] = []
    unique.reserveCapacity(fields.count)
    for field in fields where !unique.contains(field) {
      unique.append(field)
    }
    return unique
  }

  /// The SDK's `queryNormalizedOrderBy`.
  package static func normalizedOrderBy(_ query: ResolvedQuery) -> [OrderBy] {
    normalizedOrderBy(query.explicitOrderBy, inequalityFields: inequalityFields(query.filters))
  }

  /// `normalizedOrderBy` given the query's (sorted, distinct) inequality fields.
  static func normalizedOrderBy(_ explicitOrderBy: [OrderBy], inequalityFields: [FieldPath]) -> [OrderBy] {
    var result = explicitOrderBy
    let lastDirection = result.last?.direction ?? .ascending
    // Membership by linear scan while small; a set when both lists are long.
    if result.count * (inequalityFields.count + 1) > 256 {
      var present = Set(result.map(\.field))
      for field in inequalityFields where !present.contains(field) && !field.isDocumentID {
        result.append(OrderBy(field, lastDirection))
        present.insert(field)
      }
      if !present.contains(.documentID) {
        result.append(OrderBy(.documentID, lastDirection))
      }
      return result
    }
    for field in inequalityFields where !field.isDocumentID && !result.contains(where: { $0.field == field }) {
      result.append(OrderBy(field, lastDirection))
    }
    if !result.contains(where: { $0.field.isDocumentID }) {
      result.append(OrderBy(.documentID, lastDirection))
    }
    return result
  }
}

/// Field-path order for implicit order-by (query-semantics §1.3): segment by segment in UTF-8 byte
/// order, except `__id<digits>__` segments, which sort first and numerically.
package enum FieldPathOrder {
  package static func precedes(_ a: FieldPath, _ b: FieldPath) -> Bool {
    for (x, y) in zip(a.segments, b.segments) where x != y {
      return compareSegments(x, y) < 0
    }
    return a.segments.count < b.segments.count
  }

  static func numericID(_ segment: String) -> Int64? {
    guard segment.hasPrefix("__id"), segment.hasSuffix("__"), segment.count > 6 else { return nil }
    let digits = segment.dropFirst(4).dropLast(2)
    guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
    return Int64(digits)
  }

  static func compareSegments(_ x: String, _ y: String) -> Int {
    switch (numericID(x), numericID(y)) {
    case (let p?, let q?): return p == q ? 0 : (p < q ? -1 : 1)
    case (.some, nil): return -1
    case (nil, .some): return 1
    case (nil, nil): return x.utf8.lexicographicallyPrecedes(y.utf8) ? -1 : (x == y ? 0 : 1)
    }
  }
}
