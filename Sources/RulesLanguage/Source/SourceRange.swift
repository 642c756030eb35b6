/// A half-open range of UTF-8 offsets into a `SourceFile`.
///
/// Ranges never take part in AST equality: two trees that print the same are equal
/// wherever their nodes came from.
package struct SourceRange: Hashable, Sendable, CustomStringConvertible {
  package var start: Int
  package var end: Int

  package init(start: Int, end: Int) {
    self.start = start
    self.end = max(start, end)
  }

  /// An empty range at an offset (for "expected X here" diagnostics).
  package static func at(_ offset: Int) -> SourceRange { SourceRange(start: offset, end: offset) }

  /// A range for nodes synthesized rather than parsed.
  package static let none = SourceRange(start: 0, end: 0)

  /// The smallest range covering both.
  package func union(_ other: SourceRange) -> SourceRange {
    SourceRange(start: min(start, other.start), end: max(end, other.end))
  }

  package var length: Int { end - start }

  package var description: String { "\(start)..<\(end)" }
}
