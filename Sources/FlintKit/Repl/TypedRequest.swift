import FirestoreModel

/// A single-document request as typed, with its path and JSON read: `set /posts/p1 {...}`.
public struct TypedRequest: Sendable {
  /// The request, with the meaning every front end gives its word (`DocumentRequest`).
  public var request: DocumentRequest
  /// The input line, for messages.
  public var line: String

  public var kind: ReplWrite.Kind { request.kind }
  public var path: ResourcePath { request.path }
}
