/// An error from one of the text formats FirestoreModel reads (RFC 3339 timestamps,
/// base64); codecs wrap it into a `JSONError` that names the JSON path.
public struct TextFormatError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String
  /// The UTF-8 offset in the input where the problem is, when there is one.
  public var offset: Int?

  public init(_ message: String, offset: Int? = nil) {
    self.message = message
    self.offset = offset
  }

  public var description: String {
    offset.map { "\(message) (at offset \($0))" } ?? message
  }
}
