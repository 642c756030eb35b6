import FirestoreModel

/// A single-document request as typed, with its path and JSON read: `set /posts/p1 {...}`.
public struct TypedRequest: Sendable {
  public var kind: ReplWrite.Kind
  public var path: ResourcePath
  /// The object given to create, update or set.
  public var fields: [String: Value]?
  /// The input line, for messages.
  public var line: String
}
