/// Findings that Google's compiler accepts (the ruleset deploys) but that fail every request
/// which evaluates them. Principle: a file Google deploys is never a `flint check` error, so
/// these are warnings that spell out the run-time consequence; `--strict` makes them errors.
///
/// Evidence (Docs/fidelity/checks.md): the Firebase CLI prints `[W] L:C - Invalid variable
/// name: x.` and `[W] L:C - Invalid function name: f.` and then "compiled successfully"
/// (ecronix/react-most-wanted#378, google/ground-platform#1849); the Rules Test API reports
/// `Function not found error: Name: [bool].` at run time (rules-language §6.1, §4.2, §4.16,
/// §4.18).
package enum RuntimeFailures {
  /// The codes reported as warnings by default and as errors under `--strict`.
  package static let codes: Set<DiagnosticCode> = [
    .checkUndefinedVariable,
    .checkUndefinedFunction,
    .checkUnknownNamespaceMember,
    .checkWrongArity,
    .checkUnsupportedFunction,
    .checkEmulatorOnlyFunction,
  ]

  /// The note attached to every such finding.
  static let consequence = Diagnostic.Note(
    "Google's compiler accepts this, but every request that evaluates it is denied (a run-time error)")

  /// `diagnostics` with the run-time failures made errors (for `--strict`).
  package static func promoted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.map { diagnostic in
      guard diagnostic.severity == .warning, codes.contains(diagnostic.code) else { return diagnostic }
      var copy = diagnostic
      copy.severity = .error
      return copy
    }
  }
}

extension Diagnostic {
  /// A finding Google deploys but that fails at run time: a warning with the consequence noted.
  static func runtimeFailure(_ code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [Note] = [])
    -> Diagnostic
  {
    .warning(code, message, at: range, notes: notes + [RuntimeFailures.consequence])
  }
}
