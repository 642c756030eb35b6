/// How serious a diagnostic is.
package enum Severity: String, Hashable, Sendable, Comparable {
  case note
  case warning
  case error

  package static func < (lhs: Severity, rhs: Severity) -> Bool {
    lhs.rank < rhs.rank
  }

  private var rank: Int {
    switch self {
    case .note: 0
    case .warning: 1
    case .error: 2
    }
  }
}

/// A problem found in a source file: a value, never thrown.
///
/// `code` is stable across releases (for example `parse.expected-expression` or
/// `check.undefined-variable`) so that editors and CI can key on it; see `DiagnosticCode`.
package struct Diagnostic: Hashable, Sendable {
  package var severity: Severity
  package var code: DiagnosticCode
  package var message: String
  package var range: SourceRange
  package var notes: [Note]

  package init(_ severity: Severity, code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [Note] = [])
  {
    self.severity = severity
    self.code = code
    self.message = message
    self.range = range
    self.notes = notes
  }

  package static func error(_ code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [Note] = [])
    -> Diagnostic
  {
    Diagnostic(.error, code: code, message, at: range, notes: notes)
  }

  package static func warning(_ code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [Note] = [])
    -> Diagnostic
  {
    Diagnostic(.warning, code: code, message, at: range, notes: notes)
  }

  /// Extra information attached to a diagnostic, optionally pointing elsewhere in the file.
  package struct Note: Hashable, Sendable {
    package var message: String
    package var range: SourceRange?

    package init(_ message: String, at range: SourceRange? = nil) {
      self.message = message
      self.range = range
    }
  }
}

extension Diagnostic {
  /// The same diagnostic as an error (`--werror`).
  package var promoted: Diagnostic {
    var copy = self
    copy.severity = .error
    return copy
  }
}
