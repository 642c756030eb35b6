import FirestoreModel

/// Reads field paths in the server format the manifest uses: segments separated by `.`,
/// with segments that are not simple identifiers quoted in backticks (`` `field.dot` ``,
/// `` `a\`b` ``). `FieldPath.description` writes the same format.
package enum ServerFieldPath {
  /// The parsed path, or a reason it is malformed.
  package static func parse(_ text: String) -> Result<FieldPath, ManifestProblem> {
    var segments: [String] = []
    var current = ""
    var quoted = false
    var wasQuoted = false
    var iterator = text.makeIterator()
    while let character = iterator.next() {
      if quoted {
        switch character {
        case "\\":
          guard let escaped = iterator.next() else { return .failure(.init("ends inside an escape")) }
          current.append(escaped)
        case "`": quoted = false
        default: current.append(character)
        }
        continue
      }
      switch character {
      case "`":
        guard current.isEmpty, !wasQuoted else { return .failure(.init("has a backtick inside a segment")) }
        quoted = true
        wasQuoted = true
      case ".":
        guard !current.isEmpty || wasQuoted else { return .failure(.init("has an empty segment")) }
        segments.append(current)
        current = ""
        wasQuoted = false
      default:
        guard !wasQuoted else { return .failure(.init("has text after a closing backtick")) }
        current.append(character)
      }
    }
    if quoted { return .failure(.init("has an unclosed backtick")) }
    guard !current.isEmpty || wasQuoted else { return .failure(.init("has an empty segment")) }
    segments.append(current)
    return .success(FieldPath(segments))
  }
}

/// Why a manifest value is malformed (the message only; the reader adds the place).
package struct ManifestProblem: Error, Hashable, Sendable {
  package var message: String
  package init(_ message: String) { self.message = message }
}
