import FirestoreModel
import RulesLanguage

/// The SDK's `fieldPathFromArgument`: turns a written field into a `FieldPath`.
enum FieldPathResolver {
  /// `[~*/[\]]`: characters the SDK refuses in dotted string paths.
  static let forbidden: Set<Character> = ["~", "*", "/", "[", "]"]

  /// `forbidden` as bytes (for ASCII text, where each character is one byte).
  static func isForbidden(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "~") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "[")
      || byte == UInt8(ascii: "]")
  }

  static func resolve(_ ref: FieldRef, method: String) throws(QueryError) -> FieldPath {
    func invalid(_ reason: String) -> QueryError {
      .sdk("invalid-field-path", "Function \(method)() called with invalid data. \(reason)", at: ref.range)
    }
    switch ref.kind {
    case .documentID:
      return .documentID
    case .dotted(let text):
      let isASCII = ASCIIFastPath.isASCII(text)
      if isASCII ? text.utf8.contains(where: isForbidden) : text.contains(where: { forbidden.contains($0) }) {
        throw invalid("Invalid field path (\(text)). Paths must not contain '~', '*', '/', '[', or ']'")
      }
      let segments =
        isASCII
        ? ASCIIFastPath.split(text, on: UInt8(ascii: "."), omittingEmpty: false)
        : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      if segments.contains(where: \.isEmpty) {
        throw invalid(
          "Invalid field path (\(text)). Paths must not be empty, begin with '.', end with '.', or contain '..'")
      }
      return FieldPath(segments)
    case .segments(let segments):
      if let empty = segments.firstIndex(where: \.isEmpty) {
        // Literal `$(i + 1)`: the JS SDK's message has a template typo.
        _ = empty
        throw .sdk(
          "invalid-field-path", "Invalid field name at argument $(i + 1). Field names must not be empty.", at: ref.range
        )
      }
      return FieldPath(segments)
    }
  }
}
