import FirestoreModel
import RulesLanguage

extension SDKValidator {
  /// `startAt/startAfter/endAt/endBefore`: values map onto the explicit order-by (S17-S20);
  /// a `snapshot(...)` takes its values for the normalized order-by (S21-S22).
  mutating func applyCursor(_ kind: CursorKind, _ exprs: [ValueExpr], step: QueryStep) throws(QueryError) {
    let method = kind.rawValue
    var raws: [RawValue] = []
    for expr in exprs { raws.append(try resolver.raw(expr)) }
    let bound: Bound
    if raws.count >= 1, case .snapshot(let path) = raws[0] {
      bound = try snapshotBound(path, method: method, inclusive: kind.isInclusive, step: step)
    } else if raws.count == 1, case .unknown(let name) = raws[0] {
      // `startAfter(lastVisible)`: one unknown argument is read as the page's last snapshot, the
      // SDK's pagination idiom; it stands in for every field of the normalized order.
      let position = QueryNormalizer.normalizedOrderBy(state).map { order -> Value in
        order.field.isDocumentID ? .reference(state.scope.placeholderDocument(name)) : RawValue.placeholder(name)
      }
      bound = Bound(position: position, inclusive: kind.isInclusive)
    } else {
      let orderBy = state.explicitOrderBy
      if raws.count > orderBy.count {
        throw .sdk(
          "too-many-cursor-values",
          "Too many arguments provided to \(method)(). The number of arguments must be less than or equal to the number of orderBy() clauses",
          at: step.range)
      }
      var position: [Value] = []
      for (i, raw) in raws.enumerated() {
        let range = exprs[i].range
        if orderBy[i].field.isDocumentID {
          position.append(try documentIDCursorValue(raw, method: method, range: range))
        } else {
          position.append(try resolver.parse(raw, method: method, at: range))
        }
      }
      bound = Bound(position: position, inclusive: kind.isInclusive)
    }
    if kind.isStart { state.startAt = bound } else { state.endAt = bound }
  }

  /// S18-S20: a string id (or path for groups) standing for `__name__`.
  func documentIDCursorValue(_ raw: RawValue, method: String, range: SourceRange) throws(QueryError) -> Value {
    if case .unknown(let name) = raw { return .reference(state.scope.placeholderDocument(name)) }
    guard case .value(.string(let id)) = raw else {
      throw .sdk(
        "cursor-document-id-type",
        "Invalid query. Expected a string for document ID in \(method)(), but got a \(raw.jsTypeof)", at: range)
    }
    if !state.scope.isCollectionGroup, id.contains("/") {
      throw .sdk(
        "cursor-document-id-slash",
        "Invalid query. When querying a collection and ordering by documentId(), the value passed to \(method)() must be a plain document ID, but '\(id)' contains a slash.",
        at: range)
    }
    guard let idSegments = ResourcePath.segments(of: id, allowingTrailingSlash: true) else {
      throw .sdk("bad-path", "Invalid segment (\(id)). Paths must not contain // in them.", at: range)
    }
    let path = ResourcePath(segments: state.scope.basePath.segments + idSegments)
    if !path.isDocument {
      throw .sdk(
        "cursor-document-id-odd-segments",
        "Invalid query. When querying a collection group and ordering by documentId(), the value passed to \(method)() must result in a valid document path, but '\(path)' is not because it contains an odd number of segments.",
        at: range)
    }
    return .reference(path)
  }

  /// `newQueryBoundFromDocument`: values of the snapshot for the normalized order-by.
  func snapshotBound(_ text: String, method: String, inclusive: Bool, step: QueryStep) throws(QueryError) -> Bound {
    guard let store = resolver.context.store else {
      throw .flint(
        "snapshot-needs-data", "\(method)(snapshot(...)) needs seeded documents to read the snapshot from",
        at: step.range)
    }
    guard let path = ResourcePath(parsing: text), path.isDocument else {
      throw .sdk(
        "bad-document-path",
        "Invalid document reference. Document references must have an even number of segments, but \(text) has \(text.split(separator: "/").count).",
        at: step.range)
    }
    guard let document = store.document(at: path) else {
      throw .sdk("missing-snapshot", "Can't use a DocumentSnapshot that doesn't exist for \(method)().", at: step.range)
    }
    var position: [Value] = []
    for order in QueryNormalizer.normalizedOrderBy(state) {
      if order.field.isDocumentID {
        position.append(.reference(document.path))
      } else if let value = document.queryValue(at: order.field) {
        position.append(value)
      } else {
        throw .sdk(
          "snapshot-missing-field",
          "Invalid query. You are trying to start or end a query using a document for which the field '\(order.field)' (used as the orderBy) does not exist.",
          at: step.range)
      }
    }
    return Bound(position: position, inclusive: inclusive)
  }
}
