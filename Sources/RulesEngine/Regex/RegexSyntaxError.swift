/// Why a pattern is not a valid RE2 regular expression (or PCRE2 refused it).
package struct RegexSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// RE2-style text, e.g. `invalid escape sequence: \8`.
  package var message: String
  /// Byte offset in the UTF-8 pattern where the problem was found.
  package var offset: Int

  package init(_ message: String, offset: Int) {
    self.message = message
    self.offset = offset
  }

  package var description: String { "\(message) (at byte \(offset))" }
}
