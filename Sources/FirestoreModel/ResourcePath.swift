/// A path of segments below `/databases/{db}/documents`: a document path has an even
/// number of segments, a collection path an odd number.
package struct ResourcePath: Hashable, Comparable, Sendable, CustomStringConvertible {
  package var segments: [String]

  package init(segments: [String]) {
    self.segments = segments
  }

  /// Parses `a/b/c/d` or `/a/b/c/d`. Empty segments are rejected (nil); see `segments(of:)`.
  package init?(parsing text: Substring) {
    guard let segments = Self.segments(of: text) else { return nil }
    self.segments = segments
  }

  package init?(parsing text: String) {
    self.init(parsing: text[...])
  }

  package var isDocument: Bool { !segments.isEmpty && segments.count % 2 == 0 }
  package var isCollection: Bool { segments.count % 2 == 1 }

  /// The last segment: a document's id or a collection's id.
  package var lastSegment: String? { segments.last }

  /// The path without its last segment.
  package var parent: ResourcePath { ResourcePath(segments: Array(segments.dropLast())) }

  package func appending(_ segment: String) -> ResourcePath {
    ResourcePath(segments: segments + [segment])
  }

  /// `a/b/c`, without a leading slash.
  package var description: String { segments.joined(separator: "/") }

  /// Firestore orders paths segment by segment.
  package static func < (lhs: ResourcePath, rhs: ResourcePath) -> Bool {
    for (l, r) in zip(lhs.segments, rhs.segments) where l != r {
      return l.utf8.lexicographicallyPrecedes(r.utf8)
    }
    return lhs.segments.count < rhs.segments.count
  }
}
