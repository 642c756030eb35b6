import FirestoreModel
import RulesEngine
import RulesLanguage
import RulesSolver

/// The semantic `security.overlapping-allow`: when Z3 loads, the syntactic lint's warnings (which
/// know a few weak shapes only) are replaced by the solver's: a broad recursive match's allow
/// that grants, for a shared method, a request a narrower match's allow denies, with that request
/// (confirmed by the engine) as the example. Silent when the broad condition implies the narrow
/// one. Without Z3 the syntactic lint stays.
enum SemanticOverlap {
  static func apply(_ diagnostics: [Diagnostic], file: RulesFile, source: SourceFile) -> [Diagnostic] {
    guard !diagnostics.contains(where: { $0.severity == .error }), hasCandidates(file), OverlapCheck.isAvailable,
      let findings = try? OverlapCheck.findings(Ruleset(file: file, source: source))
    else { return diagnostics }
    let suppressions = Suppressions(source)
    var result = diagnostics.filter { $0.code != .securityOverlappingAllow }
    for finding in findings {
      let warning = diagnostic(finding, source)
      if !suppressions.silences(warning, line: source.location(of: warning.range.start).line) {
        result.append(warning)
      }
    }
    return RulesCompiler.ordered(result)
  }

  /// Whether the file has a recursive match at all (most do not: no solver then).
  private static func hasCandidates(_ file: RulesFile) -> Bool {
    func recursive(_ items: [MatchItem]) -> Bool {
      items.contains { item in
        guard case .match(let block) = item else { return false }
        return block.path.segments.contains { if case .recursiveWildcard = $0.kind { true } else { false } }
          || recursive(block.items)
      }
    }
    return recursive(file.service?.items ?? [])
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
