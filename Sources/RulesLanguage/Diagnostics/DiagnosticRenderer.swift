import FirestoreModel

/// Turns diagnostics into text (GCC/Xcode style with a caret line) or JSON.
///
/// Text:
/// ```
/// firestore.rules:3:22: error: undefined variable 'uid' [check.undefined-variable]
///       allow read: if uid == request.auth.uid;
///                      ^~~
/// firestore.rules:2:9: note: did you mean 'userId'?
/// firestore.rules: 1 error, 0 warnings
/// ```
/// Lines and columns are 1-based; columns count characters (Unicode scalars). Tabs in the
/// source line are copied into the caret line so the caret lines up in any tab width.
package enum DiagnosticRenderer {
  /// One diagnostic: its header line, the source line, the caret line, then one line per note.
  package static func text(_ diagnostic: Diagnostic, in source: SourceFile) -> String {
    let start = source.location(of: diagnostic.range.start)
    let end = source.location(of: diagnostic.range.end)
    let name = VisibleText.escaped(source.name, keepingTabs: false)
    let message = VisibleText.escaped(diagnostic.message, keepingTabs: false)
    var out = "\(name):\(start): \(diagnostic.severity.rawValue): \(message) [\(diagnostic.code)]\n"
    let width = end.line == start.line ? end.column - start.column : nil
    let shown = excerpt(source, at: start, width: width)
    out += shown.line + "\n"
    out += caretLine(for: shown.line, column: shown.column, width: shown.width)
    out += "\n"
    for note in diagnostic.notes {
      let location = source.location(of: note.range?.start ?? diagnostic.range.start)
      out += "\(name):\(location): note: \(VisibleText.escaped(note.message, keepingTabs: false))\n"
    }
    return out
  }

  /// How many diagnostics of one file are shown; the rest are counted in one line.
  package static let maxShownPerFile = 50

  /// The diagnostics of one file in order (at most `maxShownPerFile`, then
  /// `name: and 12 more errors`), followed by the summary line, which counts them all. The
  /// summary names the file `label` when given (`storage.rules (bucket b)`), the file's name
  /// otherwise; diagnostics always name the file, so editors can open it.
  package static func text(_ diagnostics: [Diagnostic], in source: SourceFile, label: String? = nil) -> String {
    var out = ""
    for diagnostic in diagnostics.prefix(maxShownPerFile) {
      out += text(diagnostic, in: source)
    }
    let hidden = diagnostics.dropFirst(maxShownPerFile)
    if !hidden.isEmpty {
      let noun = hidden.allSatisfy { $0.severity == .error } ? "error" : "diagnostic"
      out += "\(VisibleText.escaped(source.name, keepingTabs: false)): and \(count(hidden.count, "more " + noun))\n"
    }
    return out + summary(diagnostics, name: label ?? source.name) + "\n"
  }

  /// `name: 2 errors, 1 warning`.
  package static func summary(_ diagnostics: [Diagnostic], name: String) -> String {
    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.filter { $0.severity == .warning }.count
    return "\(VisibleText.escaped(name, keepingTabs: false)): \(count(errors, "error")), \(count(warnings, "warning"))"
  }

  /// Lines longer than this many bytes are shown as a window around the caret.
  static let maxShownBytes = 200
  /// How many characters of a long line are kept before the caret, and in all.
  static let windowLead = 40
  static let windowLength = 160

  /// The source line to show for a diagnostic at `location`, with the caret's column and
  /// width inside it. A long line (minified rules, a generated file) is cut to a window of
  /// `windowLength` characters marked with `...`, so each diagnostic costs the window and not
  /// the whole line: thousands of diagnostics on one long line stay linear in time and output.
  /// Control and bidirectional characters are shown escaped (`VisibleText`), the caret
  /// moved to match.
  package static func excerpt(_ source: SourceFile, at location: SourceLocation, width: Int?)
    -> (line: String, column: Int, width: Int?)
  {
    let raw = rawExcerpt(source, at: location, width: width)
    let escaped = VisibleText.escapedLine(raw.line, column: raw.column, width: raw.width)
    return window(escaped.line, column: escaped.column, width: escaped.width)
  }

  /// The excerpt and caret lines under an error at `column` (1-based, in Unicode scalars) of a
  /// one-line text, exactly as a diagnostic shows them: for messages about a single input line
  /// (the REPL's commands and queries).
  package static func excerptLines(_ line: String, column: Int) -> (line: String, caret: String) {
    let source = SourceFile(name: "", text: line)
    var offset = 0
    for (index, scalar) in line.unicodeScalars.enumerated() where index < column - 1 {
      offset += UTF8.width(scalar)
    }
    let shown = excerpt(source, at: SourceLocation(line: 1, column: column, offset: offset), width: 1)
    return (shown.line, caretLine(for: shown.line, column: shown.column, width: 1))
  }

  /// An escaped line cut again to a window around the caret when escapes made it longer than
  /// `maxShownBytes` characters (128 NUL bytes show as 1 KB of `<U+0000>`).
  private static func window(_ line: String, column: Int, width: Int?) -> (line: String, column: Int, width: Int?) {
    let scalars = Array(line.unicodeScalars)
    guard scalars.count > maxShownBytes else { return (line, column, width) }
    let caret = min(max(column - 1, 0), scalars.count)
    let from = max(0, caret - windowLead)
    let to = min(scalars.count, from + windowLength)
    let prefix = from > 0 ? "..." : ""
    let suffix = to < scalars.count ? "..." : ""
    var text = prefix
    text.unicodeScalars.append(contentsOf: scalars[from..<to])
    text += suffix
    let covered = max(1, min(width ?? (to - caret), to - caret))
    return (text, prefix.count + caret - from + 1, covered)
  }

  private static func rawExcerpt(_ source: SourceFile, at location: SourceLocation, width: Int?)
    -> (line: String, column: Int, width: Int?)
  {
    let bytes = source.bytes
    let lineIndex = location.line - 1
    guard lineIndex >= 0, lineIndex < source.lineStarts.count else { return ("", location.column, width) }
    let lineStart = source.lineStarts[lineIndex]
    var lineEnd = lineIndex + 1 < source.lineStarts.count ? source.lineStarts[lineIndex + 1] - 1 : bytes.count
    if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
    guard lineEnd - lineStart > maxShownBytes else {
      return (source.lineText(location.line), location.column, width)
    }
    let caret = min(max(location.offset, lineStart), lineEnd)
    func isScalarStart(_ index: Int) -> Bool { bytes[index] & 0xC0 != 0x80 }
    // Up to `windowLead` characters before the caret, then up to `windowLength` in all.
    var from = caret
    var lead = 0
    while from > lineStart, lead < windowLead {
      from -= 1
      while from > lineStart, !isScalarStart(from) { from -= 1 }
      lead += 1
    }
    var to = caret
    var shown = lead
    var afterCaret = 0
    while to < lineEnd, shown < windowLength {
      to += 1
      while to < lineEnd, !isScalarStart(to) { to += 1 }
      shown += 1
      afterCaret += 1
    }
    let prefix = from > lineStart ? "..." : ""
    let suffix = to < lineEnd ? "..." : ""
    let text = prefix + String(decoding: bytes[from..<to], as: UTF8.self) + suffix
    let column = prefix.count + lead + 1
    let covered = max(1, min(width ?? afterCaret, afterCaret))
    return (text, column, covered)
  }

  /// The caret line: whitespace up to `column`, `^`, then `~` to cover `width` characters
  /// (to the end of the line when `width` is nil, i.e. the range continues on later lines).
  package static func caretLine(for line: String, column: Int, width: Int?) -> String {
    let scalars = Array(line.unicodeScalars)
    var out = ""
    for index in 0..<max(0, column - 1) {
      out += index < scalars.count && scalars[index] == "\t" ? "\t" : " "
    }
    out += "^"
    let covered = width ?? max(1, scalars.count - (column - 1))
    if covered > 1 {
      out += String(repeating: "~", count: covered - 1)
    }
    return out
  }

  /// The JSON report for several files:
  /// `{"files": [{"file": "...", "diagnostics": [{"severity": "error", "code": "...",
  /// "message": "...", "line": 1, "column": 1, "endLine": 1, "endColumn": 5}]}]}`.
  /// `endColumn` is exclusive (the column just past the range). Diagnostics with notes get a
  /// `"notes"` array of `{"message", "line", "column"}` objects (positions omitted when the
  /// note has no range).
  /// At most `maxShownPerFile` diagnostics per file are listed; a file with more gets
  /// `"omitted": N` after its list.
  package static func json(_ files: [(source: SourceFile, diagnostics: [Diagnostic])]) -> String {
    let entries = files.map { file in
      var members: [(String, JSONValue)] = [
        ("file", .string(file.source.name)),
        ("diagnostics", .array(file.diagnostics.prefix(maxShownPerFile).map { jsonValue($0, in: file.source) })),
      ]
      if file.diagnostics.count > maxShownPerFile {
        members.append(("omitted", .int(file.diagnostics.count - maxShownPerFile)))
      }
      return JSONValue.object(members)
    }
    return JSONValue.object([("files", .array(entries))]).text(.spaced) + "\n"
  }

  /// One diagnostic as a JSON object.
  package static func jsonValue(_ diagnostic: Diagnostic, in source: SourceFile) -> JSONValue {
    let start = source.location(of: diagnostic.range.start)
    let end = source.location(of: diagnostic.range.end)
    var members: [(String, JSONValue)] = [
      ("severity", .string(diagnostic.severity.rawValue)),
      ("code", .string(diagnostic.code.rawValue)),
      ("message", .string(diagnostic.message)),
      ("line", .int(start.line)),
      ("column", .int(start.column)),
      ("endLine", .int(end.line)),
      ("endColumn", .int(end.column)),
    ]
    if !diagnostic.notes.isEmpty {
      let notes = diagnostic.notes.map { note -> JSONValue in
        var fields: [(String, JSONValue)] = [("message", .string(note.message))]
        if let range = note.range {
          let location = source.location(of: range.start)
          fields.append(("line", .int(location.line)))
          fields.append(("column", .int(location.column)))
        }
        return .object(fields)
      }
      members.append(("notes", .array(notes)))
    }
    return .object(members)
  }

  private static func count(_ value: Int, _ noun: String) -> String {
    "\(value) \(noun)\(value == 1 ? "" : "s")"
  }
}
