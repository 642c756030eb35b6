/// A path to a field inside a document, such as `address.city` or `` `a.b`.c ``.
package struct FieldPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  package var segments: [String]

  package init(_ segments: [String]) {
    self.segments = segments
  }

  /// The document-id pseudo field, `__name__`.
  package static let documentID = FieldPath(["__name__"])

  package var isDocumentID: Bool { segments == ["__name__"] }

  /// The canonical text: segments joined by `.`, with segments that are not simple
  /// identifiers quoted in backticks.
  package var description: String {
    segments.map(Self.quoted).joined(separator: ".")
  }

  static func quoted(_ segment: String) -> String {
    let simple =
      !segment.isEmpty
      && segment.unicodeScalars.allSatisfy {
        $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
      }
      && !("0"..."9").contains(segment.unicodeScalars.first!)
    if simple { return segment }
    let escaped = segment.replacing("\\", with: "\\\\").replacing("`", with: "\\`")
    return "`\(escaped)`"
  }

  package static func < (lhs: FieldPath, rhs: FieldPath) -> Bool {
    for (l, r) in zip(lhs.segments, rhs.segments) where l != r {
      return l.utf8.lexicographicallyPrecedes(r.utf8)
    }
    return lhs.segments.count < rhs.segments.count
  }
}
