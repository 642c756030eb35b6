import FirestoreModel

/// A `firestore.indexes.json`: composite indexes and field overrides, with the file's
/// other top-level members kept for writing back.
package struct IndexManifest: Hashable, Sendable {
  package var indexes: [CompositeIndex]
  package var fieldOverrides: [FieldOverride]
  /// The top-level object as read (unknown members and their order); nil for a new manifest.
  package var source: JSONObject?

  package init(indexes: [CompositeIndex] = [], fieldOverrides: [FieldOverride] = [], source: JSONObject? = nil) {
    self.indexes = indexes
    self.fieldOverrides = fieldOverrides
    self.source = source
  }

  /// The override for exactly this collection group and field text, if any.
  package func override(_ collectionGroup: String, _ fieldPathText: String) -> FieldOverride? {
    fieldOverrides.first { $0.collectionGroup == collectionGroup && $0.fieldPathText == fieldPathText }
  }
}
