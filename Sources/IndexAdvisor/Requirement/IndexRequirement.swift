import FirestoreModel

/// What a query needs from indexes, before looking at any manifest: one kind for the whole
/// query (the strongest of its branches), the composite indexes to create and the field
/// overrides collection-group queries need.
package struct IndexRequirement: Hashable, Sendable {
  /// The five answers of the index advisor, from weakest to strongest.
  package enum Kind: String, Hashable, Sendable, Comparable, CaseIterable {
    /// Key order only: no filter, no order but `__name__` ascending.
    case none
    /// One automatic single-field index (collection scope).
    case singleField = "single-field"
    /// Equalities served by merging automatic single-field indexes.
    case merge
    /// A collection-group query served by single-field indexes with COLLECTION_GROUP scope,
    /// which only `fieldOverrides` create.
    case collectionGroupOverride = "collection-group-override"
    /// A composite index.
    case composite

    var rank: Int { Self.allCases.firstIndex(of: self)! }
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
  }

  package var kind: Kind
  /// One need per DNF branch, in branch order.
  package var branches: [BranchNeed]
  /// The composite indexes to create when none exists (distinct, in branch order).
  package var indexes: [CompositeIndex]
  /// The collection-group single-field indexes to enable, as overrides that keep the
  /// automatic collection-scope indexes (an override replaces the automatic configuration).
  package var fieldOverrides: [FieldOverride]
}
