import FirestoreModel

/// The objects of a Cloud Storage bucket as rules see them: each object's metadata (`size`,
/// `contentType`, `metadata`, `timeCreated`, ...) by its full name (`users/alice/avatar.png`).
/// What `resource` reads in Storage rules, beside the `DocumentStore` that `firestore.get()`
/// reads.
package struct ObjectStore: Sendable, Equatable {
  /// Metadata by object name. Fields left out get the defaults of `StorageObject.stored`.
  package var objects: [String: [String: Value]]

  package init(_ objects: [String: [String: Value]] = [:]) {
    self.objects = objects
  }

  /// The stored object named `name`, if any.
  package func object(named name: String) -> [String: Value]? { objects[name] }

  package var isEmpty: Bool { objects.isEmpty }
}
