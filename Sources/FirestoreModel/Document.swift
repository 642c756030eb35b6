/// A stored document: its path and its fields.
package struct Document: Hashable, Sendable {
  package var path: ResourcePath
  package var fields: [String: Value]

  package init(path: ResourcePath, fields: [String: Value]) {
    self.path = path
    self.fields = fields
  }

  /// The document id (the last path segment).
  package var id: String { path.lastSegment ?? "" }
}
