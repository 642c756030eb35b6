import FirestoreModel
import RulesLanguage

extension SDKValidator {
  /// `and()`/`or()` accept only `where(...)`, `and(...)` and `or(...)` (S10). Arguments are
  /// built first, so inner composites are checked before outer ones.
  static func checkCompositeArguments(_ expr: FilterExpr) throws(QueryError) {
    guard case .composite(let op, let children) = expr.kind else { return }
    for child in children { try checkCompositeArguments(child) }
    for child in children {
      if case .nonFilter = child.kind {
        throw .sdk(
          "non-filter-in-composite",
          "Function \(op.rawValue)() requires AppliableConstraints created with a call to 'where(...)', 'or(...)', or 'and(...)'.",
          at: child.range)
      }
    }
  }

  /// Parses a filter (field paths, values), then checks it against the filters already
  /// in the query, sub-filter by sub-filter (`validateNewFilter`).
  mutating func addFilter(_ expr: FilterExpr, step: QueryStep) throws(QueryError) {
    guard let filter = try parseFilter(expr, step: step) else { return }
    // `existingFilters` is `state.flattenedFilters`, kept up to date here (the only
    // place filters are added) instead of being rebuilt per filter.
    for subFilter in filter.flattened {
      try checkConflicts(subFilter, existing: existingFilters, range: step.range)
      existingFilters.append(subFilter)
      state.fieldRanges.append((subFilter.field, step.range))
    }
    state.filters.append(filter)
  }

  /// `_parse`: empty composites vanish and single-child composites collapse (S11).
  func parseFilter(_ expr: FilterExpr, step: QueryStep) throws(QueryError) -> Filter? {
    switch expr.kind {
    case .nonFilter:
      return nil
    case .field(let ref, let op, let valueExpr):
      return .field(try parseFieldFilter(ref, op, valueExpr, step: step))
    case .composite(let op, let children):
      var parsed: [Filter] = []
      for child in children {
        if let filter = try parseFilter(child, step: step), filter.hasFieldFilter { parsed.append(filter) }
      }
      if parsed.isEmpty { return nil }
      if parsed.count == 1 { return parsed[0] }
      return .composite(op, parsed)
    }
  }

  /// `newQueryFilter`: the field path, then the value (document-id rules for `__name__`).
  func parseFieldFilter(_ ref: FieldRef, _ op: FilterOperator, _ valueExpr: ValueExpr, step: QueryStep)
    throws(QueryError) -> FieldFilter
  {
    let field = try FieldPathResolver.resolve(ref, method: "where")
    var raw = try resolver.raw(valueExpr)
    // An unknown list (`where("role", "in", roles)`) stands in as a list of one unknown value.
    if op.takesArray, case .unknown = raw { raw = .array([raw]) }
    let range = valueExpr.range
    let value: Value
    if field.isDocumentID {
      if op.isArrayOperator {
        throw .sdk(
          "array-op-on-document-id", "Invalid Query. You can't perform '\(op.rawValue)' queries on documentId().",
          at: step.range)
      } else if op == .in || op == .notIn {
        let elements = try disjunctiveElements(raw, op: op, step: step)
        var references: [Value] = []
        for element in elements { references.append(try documentIDValue(element, range: range)) }
        value = .array(references)
      } else {
        value = try documentIDValue(raw, range: range)
      }
    } else {
      if op.takesArray { _ = try disjunctiveElements(raw, op: op, step: step) }
      value = try resolver.parse(raw, method: "where", allowArrays: op == .in || op == .notIn, at: range)
    }
    return FieldFilter(field, op, value, range: step.range)
  }

  /// `validateDisjunctiveFilterElements` (S3).
  func disjunctiveElements(_ raw: RawValue, op: FilterOperator, step: QueryStep) throws(QueryError) -> [RawValue] {
    guard let elements = raw.arrayElements, !elements.isEmpty else {
      throw .sdk(
        "non-empty-array-required", "Invalid Query. A non-empty array is required for '\(op.rawValue)' filters.",
        at: step.range)
    }
    return elements
  }

  /// `parseDocumentIdValue` (S5-S8): a plain id, a path for collection groups, or a reference.
  func documentIDValue(_ raw: RawValue, range: SourceRange) throws(QueryError) -> Value {
    switch raw {
    case .unknown(let name):
      return .reference(state.scope.placeholderDocument(name))
    case .value(.reference(let path)):
      return .reference(path)
    case .value(.string(let id)):
      if id.isEmpty {
        throw .sdk(
          "empty-document-id",
          "Invalid query. When querying with documentId(), you must provide a valid document ID, but it was an empty string.",
          at: range)
      }
      if !state.scope.isCollectionGroup, id.contains("/") {
        throw .sdk(
          "document-id-with-slash",
          "Invalid query. When querying a collection by documentId(), you must provide a plain document ID, but '\(id)' contains a '/' character.",
          at: range)
      }
      guard let idSegments = ResourcePath.segments(of: id, allowingTrailingSlash: true) else {
        throw .sdk("bad-path", "Invalid segment (\(id)). Paths must not contain // in them.", at: range)
      }
      let path = ResourcePath(segments: state.scope.basePath.segments + idSegments)
      if !path.isDocument {
        throw .sdk(
          "document-id-odd-segments",
          "Invalid query. When querying a collection group by documentId(), the value provided must result in a valid document path, but '\(path)' is not because it has an odd number of segments (\(path.segments.count)).",
          at: range)
      }
      return .reference(path)
    default:
      throw .sdk(
        "bad-document-id-type",
        "Invalid query. When querying with documentId(), you must provide a valid string or a DocumentReference, but it was: \(raw.jsDescription).",
        at: range)
    }
  }

  /// The conflicting-operator table (S1/S2), checked against every filter already added.
  func checkConflicts(_ filter: FieldFilter, existing: [FieldFilter], range: SourceRange) throws(QueryError) {
    let conflicts: (FilterOperator) -> Bool
    switch filter.op {
    case .notEqual: conflicts = { $0 == .notEqual || $0 == .notIn }
    case .in, .arrayContainsAny: conflicts = { $0 == .notIn }
    case .notIn: conflicts = { $0 == .arrayContainsAny || $0 == .in || $0 == .notIn || $0 == .notEqual }
    default: return
    }
    guard let found = existing.first(where: { conflicts($0.op) }) else { return }
    if found.op == filter.op {
      throw .sdk(
        "duplicate-operator", "Invalid query. You cannot use more than one '\(filter.op.rawValue)' filter.", at: range)
    }
    throw .sdk(
      "conflicting-operators",
      "Invalid query. You cannot use '\(filter.op.rawValue)' filters with '\(found.op.rawValue)' filters.", at: range)
  }
}
