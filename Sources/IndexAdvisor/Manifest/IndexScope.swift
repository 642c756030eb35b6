/// Which queries an index serves: queries on one collection, or collection-group queries
/// (`queryScope` in `firestore.indexes.json`).
package enum IndexScope: String, Hashable, Sendable, Comparable {
  case collection = "COLLECTION"
  case collectionGroup = "COLLECTION_GROUP"

  /// The Admin API enum value (`google.firestore.admin.v1.Index.QueryScope`).
  var protoValue: UInt64 { self == .collection ? 1 : 2 }

  /// The CLI's sort order: COLLECTION_GROUP before COLLECTION (firebase-tools api-sort.ts).
  package static func < (lhs: Self, rhs: Self) -> Bool {
    lhs == .collectionGroup && rhs == .collection
  }
}
