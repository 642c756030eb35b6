import FirestoreModel
import RulesEngine
import RulesLanguage
import RulesSolver

/// The semantic `security.overlapping-allow`: when Z3 loads, the syntactic lint's warnings (which
/// know a few weak shapes only) are replaced by the solver's: a broad recursive match's allow
/// that grants, for a shared method, a request a narrower match's allow denies, with that request
/// (confirmed by the engine as `flint test` decides it) as the example. Silent when the broad condition is proved to imply
/// the narrow one. Where the solver decides nothing (a timeout, the budget spent) and without Z3,
/// the syntactic lint's warning stays.
package enum SemanticOverlap {
  /// Whether the solver runs (Z3 loads); else the syntactic lint stays.
  package static var isAvailable: Bool { OverlapCheck.isAvailable }

  package static func apply(
    _ diagnostics: [Diagnostic], file: RulesFile, source: SourceFile,
    budgetMilliseconds: Int = OverlapCheck.budgetMilliseconds
  ) -> [Diagnostic] {
    guard !diagnostics.contains(where: { $0.severity == .error }), OverlapCheck.hasCandidates(file),
      OverlapCheck.isAvailable,
      case let ruleset = Ruleset(file: file, source: source),
      let verdicts = try? OverlapCheck.findings(
        ruleset, budgetMilliseconds: budgetMilliseconds, decides: { DiffJob.decides($0, ruleset, $1) })
    else { return diagnostics }
    let suppressions = Suppressions(source)
    var result = diagnostics
    for (narrow, verdict) in verdicts {
      switch verdict {
      case .undecided: continue
      case .silent:
        result.removeAll { isSyntacticWarning($0, on: narrow) }
      case .overlap(let finding):
        result.removeAll { isSyntacticWarning($0, on: narrow) }
        let warning = diagnostic(finding, source)
        if !suppressions.silences(warning, line: source.location(of: warning.range.start).line) {
          result.append(warning)
        }
      }
    }
    return RulesCompiler.ordered(result)
  }

  /// Whether `diagnostic` is the syntactic lint's overlapping-allow warning on `narrow` (it is
  /// put on the allow's methods).
  private static func isSyntacticWarning(_ diagnostic: Diagnostic, on narrow: AllowStatement) -> Bool {
    diagnostic.code == .securityOverlappingAllow && narrow.range.start <= diagnostic.range.start
      && diagnostic.range.end <= narrow.range.end
  }

  private static func diagnostic(_ finding: OverlapFinding, _ source: SourceFile) -> Diagnostic {
    let line = source.location(of: finding.broad.range.start).line
    let written = finding.broad.methods.map(\.method.rawValue).joined(separator: ", ")
    let methods = finding.methods.map(\.rawValue).joined(separator: ", ")
    var example =
      "for example this request, which the broad allow grants and this one denies: "
      + DiffRenderer.request(finding.example).text(.spaced)
    if !finding.example.documents.isEmpty {
      example += " with data " + TaggedJSONEncoder.encode(documents: finding.example.documents).text(.spaced)
    }
    return Diagnostic(
      .warning, code: .securityOverlappingAllow,
      "this condition restricts nothing here: 'allow \(written)' at line \(line) on '\(finding.broadPattern)' "
        + "already grants \(methods) on '\(finding.narrowPattern)' to requests this condition denies, and allow "
        + "statements are OR-ed, so that one wins",
      at: methodsRange(finding.narrow),
      notes: [
        Diagnostic.Note("the broad allow is here", at: methodsRange(finding.broad)),
        Diagnostic.Note(example),
        Diagnostic.Note(
          "fix: remove the broad grant or narrow it; a condition cannot take back access another allow gives"),
      ])
  }

  private static func methodsRange(_ statement: AllowStatement) -> SourceRange {
    guard let first = statement.methods.first, let last = statement.methods.last else { return statement.range }
    return first.range.union(last.range)
  }
}
