/// Why Flint could not load rules or documents, or could not build a request.
///
/// The ``description`` is the text the `flint` command line prints for the same problem: rules
/// that do not compile give their diagnostics with the source line and carets, invalid JSON its
/// line, column and JSON path.
public struct FlintError: Error, Sendable, CustomStringConvertible {
  /// The problem, ready to print (several lines for rules diagnostics).
  public var message: String

  /// A problem described by `message`.
  public init(_ message: String) {
    self.message = message
  }

  /// The ``message``.
  public var description: String { message }
}
