/// `// flint:ignore code[, code...]` comments: a warning with one of the codes is dropped when
/// the comment is on its line, or alone on the line just above it. `// flint:ignore` with no
/// code silences every warning there. Errors are never silenced. (Package: the check job applies it
/// to the semantic overlapping-allow warnings it adds.)
package struct Suppressions {
  static let marker = "flint:ignore"

  /// Line (1-based) → codes silenced there; an empty set means all.
  private var byLine: [Int: Set<String>] = [:]

  package init(_ source: SourceFile) {
    // Cheap rejection: most files have no marker at all.
    guard ByteSearch.contains(source.bytes, Self.marker) else { return }
    for line in 1...max(1, source.lineStarts.count) {
      let text = source.lineText(line)
      guard let comment = text.firstRange(of: "//"),
        let marker = text[comment.upperBound...].firstRange(of: Self.marker)
      else { continue }
      let codes = text[marker.upperBound...].split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
        .map(String.init).filter { !$0.isEmpty }
      let set = Set(codes)
      byLine[line, default: []].formUnion(set)
      if set.isEmpty { byLine[line] = [] }
      // A comment alone on its line applies to the next line too.
      if text[..<comment.lowerBound].allSatisfy(\.isWhitespace) {
        if set.isEmpty {
          byLine[line + 1] = []
        } else if byLine[line + 1] != [] {
          byLine[line + 1, default: []].formUnion(set)
        }
      }
    }
  }

  package var isEmpty: Bool { byLine.isEmpty }

  package func silences(_ diagnostic: Diagnostic, line: Int) -> Bool {
    guard diagnostic.severity == .warning, let codes = byLine[line] else { return false }
    return codes.isEmpty || codes.contains(diagnostic.code.rawValue)
  }
}
