import FirestoreModel
import IndexAdvisor

/// An independent, brute-force serving check for the property tests: no greedy choices, no
/// shared code with `ServingCheck` beyond the branch needs themselves.
enum ReferenceServing {
  static func served(_ need: BranchNeed, by manifest: IndexManifest) -> Bool {
    if need.kind == .none { return true }
    if let single = need.automaticIndex {
      return automatic(need.collectionGroup, single.field, single.mode, need.scope, manifest)
    }
    let tail = need.order + [IndexField(.documentID, need.keyDirection)]
    let prefix = Set(need.prefix)
    var covered = Set<IndexField>()
    for index in manifest.indexes where index.collectionGroup == need.collectionGroup && index.scope == need.scope {
      if index.source?["apiScope"] != nil && index.source?["apiScope"] != .string("ANY_API") { continue }
      let fields = index.servingFields
      if fields.contains(where: { if case .vector = $0.mode { return true } else { return false } }) { continue }
      // Perfect: prefix (any order, either direction), order, aggregates, key.
      let perfectTail =
        need.order + need.aggregates.map { IndexField($0, .ascending) } + [IndexField(.documentID, need.keyDirection)]
      if fields.count == need.prefix.count + perfectTail.count, Array(fields.suffix(perfectTail.count)) == perfectTail,
        Set(fields.prefix(need.prefix.count).map(canonical)) == prefix, prefix.count == need.prefix.count
      {
        return true
      }
      // A merge member: some prefix fields, then exactly the order and the key.
      guard need.mergeAllowed, fields.count > tail.count, Array(fields.suffix(tail.count)) == tail else { continue }
      let head = fields.prefix(fields.count - tail.count).map(canonical)
      if Set(head).count == head.count, Set(head).isSubset(of: prefix) { covered.formUnion(head) }
    }
    guard need.mergeAllowed, !prefix.isEmpty else { return false }
    if need.order.isEmpty {
      for field in need.prefix where !covered.contains(field) {
        let mode: IndexFieldMode = field.mode == .contains ? .contains : need.keyDirection
        if field.mode == .contains && need.keyDirection != .ascending { continue }
        if automatic(need.collectionGroup, field.fieldPath, mode, need.scope, manifest) { covered.insert(field) }
      }
    }
    return covered == prefix
  }

  /// Whether a query with `need` could use `index`: as its perfect index, or as a merge member
  /// (some prefix fields, then exactly the order and the key).
  static func usable(_ index: CompositeIndex, by need: BranchNeed) -> Bool {
    guard need.kind != .none, need.automaticIndex == nil, index.collectionGroup == need.collectionGroup,
      index.scope == need.scope
    else { return false }
    if index.source?["apiScope"] != nil && index.source?["apiScope"] != .string("ANY_API") { return false }
    // Perfect: prefix (any order, either direction), order, aggregates, key.
    let perfectTail =
      need.order + need.aggregates.map { IndexField($0, .ascending) } + [IndexField(.documentID, need.keyDirection)]
    let fields = index.servingFields
    if fields.contains(where: { if case .vector = $0.mode { return true } else { return false } }) { return false }
    let prefix = Set(need.prefix)
    if fields.count == need.prefix.count + perfectTail.count, Array(fields.suffix(perfectTail.count)) == perfectTail,
      Set(fields.prefix(need.prefix.count).map(canonical)) == prefix, prefix.count == need.prefix.count
    {
      return true
    }
    let tail = need.order + [IndexField(.documentID, need.keyDirection)]
    guard need.mergeAllowed, !prefix.isEmpty, fields.count > tail.count, Array(fields.suffix(tail.count)) == tail else {
      return false
    }
    let head = fields.prefix(fields.count - tail.count).map(canonical)
    return Set(head).count == head.count && Set(head).isSubset(of: prefix)
  }

  static func canonical(_ field: IndexField) -> IndexField {
    field.mode == .contains ? field : IndexField(field.fieldPath, .ascending)
  }

  static func automatic(
    _ group: String, _ field: FieldPath, _ mode: IndexFieldMode, _ scope: IndexScope, _ manifest: IndexManifest
  ) -> Bool {
    let overrides = manifest.fieldOverrides.filter { $0.collectionGroup == group }
    var segments = field.segments
    while !segments.isEmpty {
      let text = FieldPath(segments).description
      if let own = overrides.first(where: { $0.fieldPathText == text }) {
        return own.indexes.contains { $0.mode == mode && $0.scope == scope }
      }
      segments.removeLast()
    }
    if let all = overrides.first(where: { $0.fieldPathText == "*" }) {
      return all.indexes.contains { $0.mode == mode && $0.scope == scope }
    }
    return scope == .collection
  }
}
