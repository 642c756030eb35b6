/// An error from one of the text formats FirestoreModel reads (RFC 3339 timestamps,
/// base64); codecs wrap it into a `JSONError` that names the JSON path.
package struct TextFormatError: Error, Hashable, Sendable, CustomStringConvertible {
  package var message: String
  /// The UTF-8 offset in the input where the problem is, when there is one.
  package var offset: Int?

  package init(_ message: String, offset: Int? = nil) {
    self.message = message
    self.offset = offset
  }

  package var description: String {
    offset.map { "\(message) (at offset \($0))" } ?? message
  }
}
