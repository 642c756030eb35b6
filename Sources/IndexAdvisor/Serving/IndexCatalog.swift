import FirestoreModel

/// Composite indexes filed by each of their suffixes that end in `__name__`, so that the
/// serving check finds the indexes with a given order tail by lookups instead of scanning
/// every index of the collection group. Within a tail they are also filed by each head field
/// (the fields before the tail, as a merge or a perfect index uses them: equality fields
/// ascending, the array field CONTAINS), and with no head at all. Without these, a tail shared
/// by many indexes (one order under many equality fields) was scanned whole for every need:
/// serving grew with the indexes per order. Lookups return indexes in the order they were
/// added, as a scan of the tail would, so the first perfect index and merge covers are the same.
struct IndexCatalog {
  struct Tail: Hashable {
    var group: String
    var scope: IndexScope
    var fields: [IndexField]
  }

  /// A head field under a tail (by the tail's number: hashing it again per field is costly).
  private struct FieldKey: Hashable {
    var tail: Int
    var field: IndexField
  }

  private var tailIDs: [Tail: Int] = [:]
  /// Per tail number: the indexes ending with it.
  private var byTail: [[CompositeIndex]] = []
  /// Per tail number: the indexes that are exactly the tail (no head).
  private var exact: [[CompositeIndex]] = []
  /// With the order of addition, to merge the lists of several fields back into that order.
  private var byField: [FieldKey: [(added: Int, index: CompositeIndex)]] = [:]
  private var additions = 0

  init(_ indexes: [CompositeIndex]) {
    for index in indexes { add(index) }
  }

  mutating func add(_ index: CompositeIndex) {
    additions += 1
    for (tail, head) in Self.splits(index) {
      let id = tailIDs[tail] ?? newTail(tail)
      byTail[id].append(index)
      if head.isEmpty { exact[id].append(index) }
      for (i, field) in head.enumerated() where !head[..<i].contains(field) {
        byField[FieldKey(tail: id, field: field), default: []].append((additions, index))
      }
    }
  }

  mutating func remove(_ index: CompositeIndex) {
    let key = index.comparisonKey
    for (tail, head) in Self.splits(index) {
      guard let id = tailIDs[tail] else { continue }
      byTail[id].removeAll { $0.comparisonKey == key }
      if head.isEmpty { exact[id].removeAll { $0.comparisonKey == key } }
      for field in Set(head) {
        byField[FieldKey(tail: id, field: field)]?.removeAll { $0.index.comparisonKey == key }
      }
    }
  }

  /// The indexes whose backend fields end with `tail` (which ends with `__name__`).
  func indexes(_ group: String, _ scope: IndexScope, endingWith tail: [IndexField]) -> [CompositeIndex] {
    tailIDs[Tail(group: group, scope: scope, fields: tail)].map { byTail[$0] } ?? []
  }

  /// The indexes ending with `tail` that can be a perfect index for a need with `prefix`: those
  /// with no head when the prefix is empty, else those with the prefix's first field in their
  /// head (a perfect index's head is the prefix).
  func perfectCandidates(_ group: String, _ scope: IndexScope, endingWith tail: [IndexField], prefix: [IndexField])
    -> [CompositeIndex]
  {
    guard let id = tailIDs[Tail(group: group, scope: scope, fields: tail)] else { return [] }
    guard let first = prefix.first else { return exact[id] }
    return byField[FieldKey(tail: id, field: first)]?.map(\.index) ?? []
  }

  /// The indexes ending with `tail` with at least one of `fields` in their head: the only
  /// ones that can be merge members for a need with that prefix.
  func indexes(_ group: String, _ scope: IndexScope, endingWith tail: [IndexField], sharing fields: [IndexField])
    -> [CompositeIndex]
  {
    guard let id = tailIDs[Tail(group: group, scope: scope, fields: tail)] else { return [] }
    let lists = Set(fields).compactMap { byField[FieldKey(tail: id, field: $0)] }
    if lists.count <= 1 { return lists.first?.map(\.index) ?? [] }
    var seen = Set<Int>()
    return lists.joined().filter { seen.insert($0.added).inserted }.sorted { $0.added < $1.added }.map(\.index)
  }

  private mutating func newTail(_ tail: Tail) -> Int {
    let id = byTail.count
    tailIDs[tail] = id
    byTail.append([])
    exact.append([])
    return id
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
