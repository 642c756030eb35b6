/// A half-open range of UTF-8 offsets into a `SourceFile`.
///
/// Ranges never take part in AST equality: two trees that print the same are equal
/// wherever their nodes came from.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
  public var start: Int
  public var end: Int

  public init(start: Int, end: Int) {
    self.start = start
    self.end = max(start, end)
  }

  /// An empty range at an offset (for "expected X here" diagnostics).
  public static func at(_ offset: Int) -> SourceRange { SourceRange(start: offset, end: offset) }

  /// A range for nodes synthesized rather than parsed.
  public static let none = SourceRange(start: 0, end: 0)

  /// The smallest range covering both.
  public func union(_ other: SourceRange) -> SourceRange {
    SourceRange(start: min(start, other.start), end: max(end, other.end))
  }

  public var length: Int { end - start }

  public var description: String { "\(start)..<\(end)" }
}
