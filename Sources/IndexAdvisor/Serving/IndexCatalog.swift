import FirestoreModel

/// Composite indexes filed by each of their suffixes that end in `__name__`, so that the
/// serving check finds the indexes with a given order tail by lookups instead of scanning
/// every index of the collection group. Within a tail they are also filed by their head
/// (the fields before the tail, as a merge or a perfect index uses them: equality fields
/// ascending, the array field CONTAINS): the whole head for perfect indexes, each head field
/// for merge members. Without these, a tail shared by many indexes (one order under many
/// equality fields) was scanned whole for every need: serving grew with the indexes per order.
/// Lookups return indexes in the order they were added, as a scan of the tail would.
struct IndexCatalog {
  struct Tail: Hashable {
    var group: String
    var scope: IndexScope
    var fields: [IndexField]
  }

  private struct HeadKey: Hashable {
    var tail: Tail
    var head: Set<IndexField>
  }

  private struct FieldKey: Hashable {
    var tail: Tail
    var field: IndexField
  }

  private var byTail: [Tail: [CompositeIndex]] = [:]
  private var byHead: [HeadKey: [CompositeIndex]] = [:]
  /// With the order of addition, to merge the lists of several fields back into that order.
  private var byField: [FieldKey: [(added: Int, index: CompositeIndex)]] = [:]
  private var additions = 0

  init(_ indexes: [CompositeIndex]) {
    for index in indexes { add(index) }
  }

  mutating func add(_ index: CompositeIndex) {
    additions += 1
    for (tail, head) in Self.splits(index) {
      byTail[tail, default: []].append(index)
      byHead[HeadKey(tail: tail, head: Set(head)), default: []].append(index)
      for field in Set(head) { byField[FieldKey(tail: tail, field: field), default: []].append((additions, index)) }
    }
  }

  mutating func remove(_ index: CompositeIndex) {
    let key = index.comparisonKey
    for (tail, head) in Self.splits(index) {
      byTail[tail]?.removeAll { $0.comparisonKey == key }
      byHead[HeadKey(tail: tail, head: Set(head))]?.removeAll { $0.comparisonKey == key }
      for field in Set(head) {
        byField[FieldKey(tail: tail, field: field)]?.removeAll { $0.index.comparisonKey == key }
      }
    }
  }

  /// The indexes whose backend fields end with `tail` (which ends with `__name__`).
  func indexes(_ group: String, _ scope: IndexScope, endingWith tail: [IndexField]) -> [CompositeIndex] {
    byTail[Tail(group: group, scope: scope, fields: tail)] ?? []
  }

  /// The indexes ending with `tail` whose head fields are exactly `head` (in any order): the
  /// only ones that can be a perfect index for a need with that prefix.
  func indexes(_ group: String, _ scope: IndexScope, endingWith tail: [IndexField], head: Set<IndexField>)
    -> [CompositeIndex]
  {
    byHead[HeadKey(tail: Tail(group: group, scope: scope, fields: tail), head: head)] ?? []
  }

  /// The indexes ending with `tail` with at least one of `fields` in their head: the only
  /// ones that can be merge members for a need with that prefix.
  func indexes(_ group: String, _ scope: IndexScope, endingWith tail: [IndexField], sharing fields: [IndexField])
    -> [CompositeIndex]
  {
    let tail = Tail(group: group, scope: scope, fields: tail)
    let lists = Set(fields).compactMap { byField[FieldKey(tail: tail, field: $0)] }
    if lists.count == 1 { return lists[0].map(\.index) }
    var seen = Set<Int>()
    return lists.joined().filter { seen.insert($0.added).inserted }.sorted { $0.added < $1.added }.map(\.index)
  }

  /// Each suffix ending in `__name__` with the fields before it, in their head form.
  private static func splits(_ index: CompositeIndex) -> [(Tail, [IndexField])] {
    let fields = index.servingFields
    guard index.servesStandardQueries, fields.last?.isKey == true else { return [] }
    return (0..<fields.count).map { split in
      let head = fields[..<split].map { $0.mode == .contains ? $0 : IndexField($0.fieldPath, .ascending) }
      return (Tail(group: index.collectionGroup, scope: index.scope, fields: Array(fields[split...])), head)
    }
  }
}
