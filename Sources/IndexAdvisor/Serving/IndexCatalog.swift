import FirestoreModel

/// Composite indexes filed by each of their suffixes that end in `__name__`, so that the
/// serving check finds the indexes with a given order tail (a perfect index, or merge members
/// for one order) by one lookup instead of scanning every index of the collection group.
struct IndexCatalog {
  struct Tail: Hashable {
    var group: String
    var scope: IndexScope
    var fields: [IndexField]
  }

  private var byTail: [Tail: [CompositeIndex]] = [:]

  init(_ indexes: [CompositeIndex]) {
    for index in indexes { add(index) }
  }

  mutating func add(_ index: CompositeIndex) {
    for tail in Self.tails(index) { byTail[tail, default: []].append(index) }
  }

  mutating func remove(_ index: CompositeIndex) {
    for tail in Self.tails(index) { byTail[tail]?.removeAll { $0.comparisonKey == index.comparisonKey } }
  }

  /// The indexes whose backend fields end with `tail` (which ends with `__name__`).
  func indexes(_ group: String, _ scope: IndexScope, endingWith tail: [IndexField]) -> [CompositeIndex] {
    byTail[Tail(group: group, scope: scope, fields: tail)] ?? []
  }

  private static func tails(_ index: CompositeIndex) -> [Tail] {
    let fields = index.servingFields
    guard index.servesStandardQueries, fields.last?.isKey == true else { return [] }
    return (0..<fields.count).map { Tail(group: index.collectionGroup, scope: index.scope, fields: Array(fields[$0...])) }
  }
}
