/// A stored document: its path and its fields.
public struct Document: Hashable, Sendable {
  public var path: ResourcePath
  public var fields: [String: Value]

  public init(path: ResourcePath, fields: [String: Value]) {
    self.path = path
    self.fields = fields
  }

  /// The document id (the last path segment).
  public var id: String { path.lastSegment ?? "" }
}
