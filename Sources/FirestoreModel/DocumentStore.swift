/// An in-memory set of documents keyed by path: the seeded database that rules
/// lookups and queries read from.
public struct DocumentStore: Sendable {
  private var byPath: [ResourcePath: Document]

  public init(documents: [Document] = []) {
    byPath = [:]
    for document in documents { byPath[document.path] = document }
  }

  /// The document at a path, if it exists.
  public func document(at path: ResourcePath) -> Document? {
    byPath[path]
  }

  /// Adds or replaces a document.
  public mutating func put(_ document: Document) {
    byPath[document.path] = document
  }

  /// Removes a document; returns whether it existed.
  @discardableResult
  public mutating func remove(at path: ResourcePath) -> Bool {
    byPath.removeValue(forKey: path) != nil
  }

  /// Every document, ordered by path.
  public var documents: [Document] {
    byPath.values.sorted { $0.path < $1.path }
  }

  public var count: Int { byPath.count }

  /// The documents directly in a collection (not in its subcollections), ordered by path.
  public func documents(inCollection collection: ResourcePath) -> [Document] {
    byPath.values.filter { $0.path.parent == collection }.sorted { $0.path < $1.path }
  }

  /// The documents in every collection with this id, at any depth, ordered by path.
  public func documents(inCollectionGroup collectionID: String) -> [Document] {
    byPath.values.filter { $0.path.parent.lastSegment == collectionID }.sorted { $0.path < $1.path }
  }
}
