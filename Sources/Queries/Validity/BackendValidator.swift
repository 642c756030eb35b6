import FirestoreModel
import RulesLanguage

/// The backend's checks (query-semantics §2B) on a query the SDK accepted. Only current rules: the
/// relaxed rules of §2C are deliberately absent.
enum BackendValidator {
  static func validate(_ query: ResolvedQuery) throws(QueryError) {
    var facts = QueryFacts(query)
    try validate(query, facts: &facts)
  }

  /// The checks in order; what they derive (flattened filters, inequality fields, DNF,
  /// normalized order-by) is kept in `facts` for normalization.
  static func validate(_ query: ResolvedQuery, facts: inout QueryFacts) throws(QueryError) {
    try checkCollectionIDs(query)
    for (field, range) in query.fieldRanges { try checkFieldPath(field, range: range) }
    let filters = facts.flattened
    try checkValueCounts(filters)
    try checkValueSizes(filters)
    try checkNotIn(query, filters)
    try checkSingleNotEqual(filters)
    try checkKeyEquality(filters, facts: &facts)
    try checkRangeFieldCount(query, facts: &facts)
    try checkDisjunctions(query, facts: &facts)
    try checkArrayContainsPerBranch(facts.branches)
    try checkOrderBy(query, facts: &facts)
    try checkClauseCount(query, facts: &facts)
    try checkAggregations(query)
    try checkLimitAndOffset(query)
  }

  /// Reserved (`__.*__`) collection ids and document ids in the source path.
  static func checkCollectionIDs(_ query: ResolvedQuery) throws(QueryError) {
    let segments: [String]
    switch query.scope {
    case .collection(let path): segments = path.segments
    case .collectionGroup(let id, let parent): segments = parent.segments + [id]
    }
    for (i, segment) in segments.enumerated() where isReserved(segment) {
      if i % 2 == 0 {
        throw .backend(
          "reserved-collection-id", "Collection id \"\(segment)\" is invalid because it is reserved.",
          at: query.sourceRange)
      }
      throw .backend(
        "reserved-document-id", "Document id \"\(segment)\" is invalid because it is reserved.", at: query.sourceRange)
    }
  }

  static func isReserved(_ segment: String) -> Bool {
    // Cheapest tests first: fewer than 4 bytes is fewer than 4 characters.
    segment.utf8.count >= 4 && segment.hasPrefix("__") && segment.hasSuffix("__") && segment.count >= 4
  }

  /// Reserved names inside field paths (only a top-level `__name__` is allowed), and the
  /// 1,500-byte limit.
  static func checkFieldPath(_ field: FieldPath, range: SourceRange) throws(QueryError) {
    if field.isDocumentID { return }
    if field.segments.contains("__name__") {
      throw .backend("reserved-field-name", "the name __key__ is reserved", at: range)
    }
    if field.segments.contains("__key__") {
      throw .backend("reserved-field-name", "Invalid property path member name \"__key__\".", at: range)
    }
    if field.segments.contains(where: isReserved) {
      let text = field.segments.map { isReserved($0) ? "`\($0)`" : FieldPath([$0]).description }.joined(separator: ".")
      throw .backend("reserved-field-name", "invalid reserved name in field path \(text)", at: range)
    }
    // The canonical text is at most twice the raw bytes plus backticks and dots: only a
    // path that could reach the limit needs its text built.
    let rawBytes = field.segments.reduce(0) { $0 + $1.utf8.count }
    if 2 * rawBytes + 3 * field.segments.count > 1500, field.description.utf8.count > 1500 {
      throw .backend("field-path-too-long", "property path is longer than 1500 bytes.", at: range)
    }
  }

  /// B1-B3: `in` and `array-contains-any` take at most 30 values, `not-in` 10.
  static func checkValueCounts(_ filters: [FieldFilter]) throws(QueryError) {
    for filter in filters where filter.op.takesArray {
      guard case .array(let values) = filter.value else { continue }
      let maximum = filter.op == .notIn ? 10 : 30
      if values.count > maximum {
        throw .backend(
          "too-many-values", "'\(filter.op.wireName)' supports up to \(maximum) comparison values.", at: filter.range)
      }
    }
  }

  /// B14: a filter value too large to index (approximated by string/bytes length).
  static func checkValueSizes(_ filters: [FieldFilter]) throws(QueryError) {
    func tooLarge(_ value: Value) -> Bool {
      switch value {
      case .string(let s): s.utf8.count > 1500
      case .bytes(let b): b.count > 1500
      default: false
      }
    }
    for filter in filters {
      let isTooLarge: Bool
      if filter.op.takesArray, case .array(let items) = filter.value {
        isTooLarge = items.contains(where: tooLarge)
      } else {
        isTooLarge = tooLarge(filter.value)
      }
      if isTooLarge {
        let name = filter.op.isArrayOperator ? "\(filter.field)[*]" : filter.field.description
        throw .backend("value-too-large", "value for \(name) is too large to be used in a query", at: filter.range)
      }
    }
  }

  /// B6: `not-in` cannot share a query with `in`, `array-contains-any` or `or`.
  static func checkNotIn(_ query: ResolvedQuery, _ filters: [FieldFilter]) throws(QueryError) {
    guard let notIn = filters.first(where: { $0.op == .notIn }) else { return }
    let hasOther = filters.contains { $0.op == .in || $0.op == .arrayContainsAny }
    if hasOther || query.filters.contains(where: \.containsDisjunction) {
      throw .backend(
        "not-in-combination", "'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'",
        at: notIn.range)
    }
  }

  /// B7: one `!=`/`not-in`/IS_NOT_NULL/IS_NOT_NAN per query.
  static func checkSingleNotEqual(_ filters: [FieldFilter]) throws(QueryError) {
    var seenOne = false
    for filter in filters where filter.op == .notEqual || filter.op == .notIn {
      if seenOne {
        throw .backend(
          "multiple-not-equal",
          "Only a single 'NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', or 'IS_NOT_NULL' filter allowed per query.",
          at: filter.range)
      }
      seenOne = true
    }
  }

  /// B10: equality on `__name__` next to inequalities on other fields needs `__name__`
  /// among the inequalities.
  static func checkKeyEquality(_ filters: [FieldFilter], facts: inout QueryFacts) throws(QueryError) {
    guard let keyEquality = filters.first(where: { $0.field.isDocumentID && ($0.op == .equal || $0.op == .in) })
    else { return }
    let inequalityFields = facts.inequalityFields
    guard inequalityFields.contains(where: { !$0.isDocumentID }), !inequalityFields.contains(.documentID)
    else { return }
    throw .backend(
      "key-equality-with-inequality",
      "Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.",
      at: keyEquality.range)
  }

  /// B9: at most 10 range/inequality fields (exact backend text unknown).
  static func checkRangeFieldCount(_ query: ResolvedQuery, facts: inout QueryFacts) throws(QueryError) {
    let fields = facts.inequalityFields
    if fields.count > 10 {
      let range = facts.flattened.last(where: { $0.op.isInequality })?.range ?? query.range
      throw .backend(
        "too-many-range-fields",
        "A query can have range or inequality filters on at most 10 fields, but this one has \(fields.count).",
        at: range)
    }
  }

  /// B5: at most 30 disjunctions after normalization.
  static func checkDisjunctions(_ query: ResolvedQuery, facts: inout QueryFacts) throws(QueryError) {
    let count = facts.disjunctionCount
    if count > 30 {
      let range = facts.flattened.last?.range ?? query.range
      let shown = count == Int.max ? "more than \(Int.max)" : String(count)
      throw .backend(
        "too-many-disjunctions",
        "Too many disjunctions after normalization. Result had \(shown) disjunctions which is more than the maximum of 30",
        at: range)
    }
  }

  /// B8: per disjunction, at most one `array-contains`, and not next to `array-contains-any`.
  static func checkArrayContainsPerBranch(_ branches: [[FieldFilter]]?) throws(QueryError) {
    guard let branches else { return }
    for branch in branches {
      guard branch.lazy.filter({ $0.op.isArrayOperator }).count > 1 else { continue }
      let arrayFilters = branch.filter { $0.op.isArrayOperator }
      let contains = arrayFilters.filter { $0.op == .arrayContains }
      if contains.count > 1 {
        throw .backend(
          "multiple-array-contains", "A maximum of 1 'ARRAY_CONTAINS' filter is allowed.", at: contains[1].range)
      }
      if contains.count == 1 {
        throw .backend(
          "array-contains-with-any",
          "'ARRAY_CONTAINS' cannot be used in the same disjunction with 'ARRAY_CONTAINS_ANY'.",
          at: arrayFilters[1].range)
      }
      throw .backend(
        "multiple-array-contains-any",
        "A maximum of 1 'ARRAY_CONTAINS_ANY' filter is allowed per disjunction.", at: arrayFilters[1].range)
    }
  }

  /// B12 (duplicate order-by fields) and B11 (`__name__` must come last).
  static func checkOrderBy(_ query: ResolvedQuery, facts: inout QueryFacts) throws(QueryError) {
    let explicit = query.explicitOrderBy
    if explicit.count > 16 {
      var seen = Set<FieldPath>()
      for order in explicit where !seen.insert(order.field).inserted {
        throw .backend(
          "duplicate-order-by", "order by clause cannot contain duplicate fields \(order.field)", at: order.range)
      }
    } else {
      for (index, order) in explicit.enumerated()
      where explicit[..<index].contains(where: { $0.field == order.field }) {
        throw .backend(
          "duplicate-order-by", "order by clause cannot contain duplicate fields \(order.field)", at: order.range)
      }
    }
    let normalized = facts.normalizedOrderBy
    if let key = normalized.firstIndex(where: { $0.field.isDocumentID }), key != normalized.count - 1 {
      throw .backend(
        "order-by-after-key", "order by clause cannot contain more fields after the key", at: normalized[key].range)
    }
  }

  /// B13: filters + sort orders + parent depth ≤ 100, per DNF branch.
  static func checkClauseCount(_ query: ResolvedQuery, facts: inout QueryFacts) throws(QueryError) {
    let orders = facts.normalizedOrderBy.count
    let parentDepth: Int
    switch query.scope {
    case .collection(let path): parentDepth = path.segments.count > 1 ? 1 : 0
    case .collectionGroup(_, let parent): parentDepth = parent.segments.isEmpty ? 0 : 1
    }
    let branches = facts.branches ?? [facts.flattened]
    for branch in branches where branch.count + orders + parentDepth > 100 {
      throw .backend(
        "too-many-clauses",
        "A query can have at most 100 filters, sort orders and parent path combined, but this one has \(branch.count + orders + parentDepth).",
        at: query.range)
    }
  }

  /// B19: at most 5 aggregations.
  static func checkAggregations(_ query: ResolvedQuery) throws(QueryError) {
    if query.aggregations.count > 5 {
      throw .backend(
        "too-many-aggregations",
        "Aggregation query exceeds the maximum number of aggregations: \(query.aggregations.count) given, at most 5 allowed.",
        at: query.aggregationRanges[5])
    }
  }

  /// B20: `offset` ≥ 0; `limit` is an Int32 on the wire.
  static func checkLimitAndOffset(_ query: ResolvedQuery) throws(QueryError) {
    if let offset = query.offset, offset < 0 {
      throw .backend("negative-offset", "offset must not be negative, but it was: \(offset).", at: query.offsetRange)
    }
    if let offset = query.offset, offset > Int64(Int32.max) {
      throw .backend("offset-too-large", "offset must fit in 32 bits, but it was: \(offset).", at: query.offsetRange)
    }
    if let limit = query.limit, limit > Int64(Int32.max) {
      throw .backend("limit-too-large", "limit must fit in 32 bits, but it was: \(limit).", at: query.limitRange)
    }
  }
}
