/// A malformed command: the message and the 1-based column it is about.
package struct ReplParseError: Error, Equatable, Sendable {
  package var message: String
  package var column: Int

  package init(_ message: String, column: Int) {
    self.message = message
    self.column = column
  }
}
