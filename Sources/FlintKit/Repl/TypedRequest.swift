import FirestoreModel

/// A single-document request as typed, with its path and JSON read: `set /posts/p1 {...}`.
package struct TypedRequest: Sendable {
  /// The request, with the meaning every front end gives its word (`DocumentRequest`).
  package var request: DocumentRequest
  /// The input line, for messages.
  package var line: String

  package var kind: ReplWrite.Kind { request.kind }
  package var path: ResourcePath { request.path }
}
