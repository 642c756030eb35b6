import FirestoreModel

/// How an existing composite index lines up with a branch's need (query-semantics §4.3 steps 3–4):
/// its backend fields (implicit `__name__` per the Admin API) must be some prefix segments in
/// any order (equality fields in either direction, the array field as CONTAINS), then exactly
/// the branch's order, aggregation fields and `__name__` direction.
enum IndexShape {
  /// The prefix fields the index covers when it has the branch's shape, else nil. With
  /// `perfect`, the index must cover every prefix field and the aggregation fields.
  static func coveredPrefix(_ index: CompositeIndex, _ need: BranchNeed, perfect: Bool) -> Set<IndexField>? {
    guard index.collectionGroup == need.collectionGroup, index.scope == need.scope, index.servesStandardQueries
    else { return nil }
    let fields = index.servingFields
    var tail = need.order
    if perfect { tail += need.aggregates.map { IndexField($0, .ascending) } }
    tail.append(.key(need.keyDirection))
    let headCount = fields.count - tail.count
    guard headCount >= (perfect ? need.prefixCount : 1), Array(fields[headCount...]) == tail else { return nil }
    let prefix = need.prefix
    var covered = Set<IndexField>()
    for field in fields[..<headCount] {
      guard field.mode.isDirectional || field.mode == .contains else { return nil }
      let wanted = field.mode == .contains ? field : IndexField(field.fieldPath, .ascending)
      guard field.mode != .contains || need.array == field.fieldPath else { return nil }
      guard field.mode == .contains || need.equality.contains(field.fieldPath) else { return nil }
      guard prefix.contains(wanted), covered.insert(wanted).inserted else { return nil }
    }
    if perfect, covered.count != prefix.count { return nil }
    return covered
  }

  /// Whether a query with this need could use the index: as its perfect index, or as a merge
  /// member covering part of its equality prefix. `--prune` keeps every index some query
  /// could use, not only those the plan happened to choose (a second perfect index, a merge
  /// member the greedy cover passed over).
  static func canServe(_ index: CompositeIndex, _ need: BranchNeed) -> Bool {
    if coveredPrefix(index, need, perfect: true) != nil { return true }
    return need.mergeAllowed && need.prefixCount > 0 && coveredPrefix(index, need, perfect: false) != nil
  }
}
