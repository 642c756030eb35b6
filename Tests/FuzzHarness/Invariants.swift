import FirestoreModel
import RulesLanguage

/// A property every input must keep, broken: the fuzz targets crash on it (so libFuzzer
/// keeps the input) and the regression tests fail on it.
public struct InvariantViolation: Error, CustomStringConvertible {
  public var description: String

  public init(_ description: String) { self.description = description }
}

/// The checks shared by the harnesses.
public enum Invariants {
  /// Every diagnostic (and note) range lies inside the source.
  package static func positionsInside(_ diagnostics: [Diagnostic], of source: SourceFile) throws(InvariantViolation) {
    let size = source.bytes.count
    for diagnostic in diagnostics {
      let ranges = [diagnostic.range] + diagnostic.notes.compactMap(\.range)
      for range in ranges where range.start < 0 || range.start > range.end || range.end > size {
        throw InvariantViolation("diagnostic \(diagnostic.code) at \(range.start)..<\(range.end) outside 0..<\(size)")
      }
    }
  }

  /// Rendered output for a terminal holds no raw control character (newlines and tabs
  /// aside) and no bidirectional formatting character.
  package static func visible(_ text: String, what: String) throws(InvariantViolation) {
    for scalar in text.unicodeScalars where scalar != "\n" && VisibleText.isEscaped(scalar) {
      throw InvariantViolation("\(what) contains raw U+\(String(scalar.value, radix: 16, uppercase: true))")
    }
  }

  /// The text of a report stays bounded: `limit` bytes at most.
  package static func bounded(_ text: String, limit: Int, what: String) throws(InvariantViolation) {
    let size = text.utf8.count
    if size > limit { throw InvariantViolation("\(what) is \(size) bytes, more than \(limit)") }
  }

  /// The diagnostics of one source rendered as text and JSON, both checked.
  package static func rendered(_ diagnostics: [Diagnostic], in source: SourceFile, inputSize: Int)
    throws(InvariantViolation)
  {
    try positionsInside(diagnostics, of: source)
    let text = DiagnosticRenderer.text(diagnostics, in: source)
    try visible(text, what: "diagnostic text")
    // 50 diagnostics shown, each a header, a window of at most ~160 characters (escaped: up
    // to 8 bytes each) and a caret line, plus notes quoting at most the input.
    try bounded(text, limit: 64 * 1024 + 52 * (2 * inputSize), what: "diagnostic text")
    _ = DiagnosticRenderer.json([(source, diagnostics)])
  }
}
