import FirestoreModel

/// A `firestore.indexes.json`: composite indexes and field overrides, with the file's
/// other top-level members kept for writing back.
public struct IndexManifest: Hashable, Sendable {
  public var indexes: [CompositeIndex]
  public var fieldOverrides: [FieldOverride]
  /// The top-level object as read (unknown members and their order); nil for a new manifest.
  public var source: JSONObject?

  public init(indexes: [CompositeIndex] = [], fieldOverrides: [FieldOverride] = [], source: JSONObject? = nil) {
    self.indexes = indexes
    self.fieldOverrides = fieldOverrides
    self.source = source
  }

  /// The override for exactly this collection group and field text, if any.
  public func override(_ collectionGroup: String, _ fieldPathText: String) -> FieldOverride? {
    fieldOverrides.first { $0.collectionGroup == collectionGroup && $0.fieldPathText == fieldPathText }
  }
}
