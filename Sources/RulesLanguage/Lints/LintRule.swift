/// The description of one lint: its stable code, what it finds, the one-line fix, and examples
/// that are both its documentation and its tests (each `triggering` body must produce the
/// code, each `nonTriggering` one must stay silent). Bodies are placed inside
/// `match /databases/{database}/documents { ... }` of a rules v2 file.
package struct LintRule: Sendable {
  package var code: DiagnosticCode
  package var summary: String
  package var fixHint: String
  package var triggering: [String]
  package var nonTriggering: [String]

  package init(code: DiagnosticCode, summary: String, fixHint: String, triggering: [String], nonTriggering: [String]) {
    self.code = code
    self.summary = summary
    self.fixHint = fixHint
    self.triggering = triggering
    self.nonTriggering = nonTriggering
  }

  /// A warning with this rule's code and, as the last note, `fix` (the finding's own fix, naming
  /// its field) or else the rule's general fix hint.
  func warning(_ message: String, at range: SourceRange, notes: [Diagnostic.Note] = [], fix: String? = nil)
    -> Diagnostic
  {
    .warning(code, message, at: range, notes: notes + [Diagnostic.Note("fix: \(fix ?? fixHint)")])
  }
}

/// One lint: a description and a pass over the model.
protocol Lint: Sendable {
  static var rule: LintRule { get }
  static func run(_ model: LintModel) -> [Diagnostic]
}
