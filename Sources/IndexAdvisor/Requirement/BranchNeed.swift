import FirestoreModel
import Queries

/// What one DNF branch of a query needs from indexes (query-semantics §4.3, step 0), in index terms:
///
/// - `equality`: fields with `==`, `in`, `== null`, `== NaN` (not `__name__`), sorted;
/// - `array`: the field with `array-contains` / `array-contains-any`, if any;
/// - `order`: the normalized order (flipped for `limitToLast`) without equality fields and
///   without `__name__`, the inequality fields of every branch included;
/// - `aggregates`: `sum`/`avg` fields not equality-filtered or ordered, sorted, ascending;
/// - `keyDirection`: the direction of the normalized `__name__` order.
package struct BranchNeed: Hashable, Sendable {
  package var collectionGroup: String
  package var scope: IndexScope
  package var equality: [FieldPath]
  package var array: FieldPath?
  package var order: [IndexField]
  package var aggregates: [FieldPath]
  package var keyDirection: IndexFieldMode
  /// Whether Firestore may serve the branch by merging indexes: its only inequality filters
  /// are on fields it also filters by equality, and it has no aggregation fields.
  package var mergeAllowed: Bool

  /// The equality and array fields, array first: the part of an index whose segments may come
  /// in any order (query-semantics §4.3 step 4, `P`).
  package var prefix: [IndexField] {
    (array.map { [IndexField($0, .contains)] } ?? []) + equality.map { IndexField($0, .ascending) }
  }

  /// `prefix.count`, without building the prefix.
  package var prefixCount: Int { equality.count + (array == nil ? 0 : 1) }

  /// The index the backend asks for (query-semantics §4.3 step 7): array CONTAINS first, equality fields
  /// ascending in field-path order, the ordered fields, the aggregation fields ascending, and
  /// `__name__` always last.
  package var suggestedFields: [IndexField] {
    prefix + order + aggregates.map { IndexField($0, .ascending) } + [.key(keyDirection)]
  }

  /// The automatic single-field index that serves the branch alone, if any (query-semantics §4.3 step 2).
  package var automaticIndex: (field: FieldPath, mode: IndexFieldMode)? {
    let k = keyDirection
    switch (equality.count, array, order.count, aggregates.count) {
    case (1, nil, 0, 0): return (equality[0], k)
    case (0, let a?, 0, 0) where k == .ascending: return (a, .contains)
    case (0, nil, 1, 0) where order[0].mode == k: return (order[0].fieldPath, k)
    case (0, nil, 0, 1): return (aggregates[0], k)
    default: return nil
    }
  }

  /// The automatic index a merge member for `field` uses when the branch has no order: the
  /// field in the key's direction, or CONTAINS for the array field (ascending key only).
  func automaticMember(_ field: IndexField) -> IndexFieldMode? {
    if field.mode == .contains { return keyDirection == .ascending ? .contains : nil }
    return keyDirection
  }

  /// Whether every member of a merge can be an automatic index.
  var mergesAutomatically: Bool {
    mergeAllowed && order.isEmpty && aggregates.isEmpty && prefixCount >= 2
      && prefix.allSatisfy { automaticMember($0) != nil }
  }

  /// The kind of index this branch needs, before looking at any manifest.
  package var kind: IndexRequirement.Kind {
    if prefixCount == 0, order.isEmpty, aggregates.isEmpty, keyDirection == .ascending { return .none }
    if automaticIndex != nil || mergesAutomatically {
      if scope == .collectionGroup { return .collectionGroupOverride }
      return automaticIndex != nil ? .singleField : .merge
    }
    return .composite
  }

  /// The suggested composite index in manifest form (`__name__` written only when it differs
  /// from the implicit one).
  package var suggestedIndex: CompositeIndex {
    CompositeIndex.minimal(collectionGroup: collectionGroup, scope: scope, fields: suggestedFields)
  }
}

extension CompositeIndex {
  /// An index from full fields (ending in `__name__`), written with the trailing `__name__`
  /// only when the CLI would not add the same one by itself.
  static func minimal(collectionGroup: String, scope: IndexScope, fields: [IndexField]) -> CompositeIndex {
    var index = CompositeIndex(collectionGroup: collectionGroup, scope: scope, fields: fields)
    if fields.count > 1, let last = fields.last, last.isKey {
      let shorter = CompositeIndex(collectionGroup: collectionGroup, scope: scope, fields: Array(fields.dropLast()))
      if shorter.cliNormalizedFields == fields, shorter.servingFields == fields { index = shorter }
    }
    return index
  }
}
