/// An in-memory set of documents keyed by path: the seeded database that rules
/// lookups and queries read from.
package struct DocumentStore: Sendable {
  private var byPath: [ResourcePath: Document]

  package init(documents: [Document] = []) {
    byPath = [:]
    for document in documents { byPath[document.path] = document }
  }

  /// The document at a path, if it exists.
  package func document(at path: ResourcePath) -> Document? {
    byPath[path]
  }

  /// Adds or replaces a document.
  package mutating func put(_ document: Document) {
    byPath[document.path] = document
  }

  /// Removes a document; returns whether it existed.
  @discardableResult
  package mutating func remove(at path: ResourcePath) -> Bool {
    byPath.removeValue(forKey: path) != nil
  }

  /// Every document, ordered by path.
  package var documents: [Document] {
    byPath.values.sorted { $0.path < $1.path }
  }

  package var count: Int { byPath.count }

  /// The documents directly in a collection (not in its subcollections), ordered by path.
  package func documents(inCollection collection: ResourcePath) -> [Document] {
    byPath.values.filter { $0.path.parent == collection }.sorted { $0.path < $1.path }
  }

  /// The documents in every collection with this id, at any depth, ordered by path.
  package func documents(inCollectionGroup collectionID: String) -> [Document] {
    byPath.values.filter { $0.path.parent.lastSegment == collectionID }.sorted { $0.path < $1.path }
  }
}
