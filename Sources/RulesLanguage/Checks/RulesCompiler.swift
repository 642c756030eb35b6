/// A parsed and checked rules file.
package struct CompiledRules: Sendable {
  /// The syntax tree (possibly partial when there are syntax errors).
  package var file: RulesFile
  /// Syntax and semantic diagnostics, sorted by position.
  package var diagnostics: [Diagnostic]

  package init(file: RulesFile, diagnostics: [Diagnostic]) {
    self.file = file
    self.diagnostics = diagnostics
  }

  /// Whether any diagnostic is an error (the ruleset would not deploy).
  package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Parse + semantic checks: what `flint check` runs and what a ruleset must pass before
/// the evaluator may use it.
package enum RulesCompiler {
  /// Parses `source` and runs every semantic check on the result. Findings Google's compiler
  /// accepts but that fail at run time (`RuntimeFailures`) are warnings unless `strict`.
  package static func compile(_ source: SourceFile, strict: Bool = false) -> CompiledRules {
    compile(RulesParser.parse(source), source: source, strict: strict)
  }

  /// The semantic checks on an already parsed file (see `compile(_:strict:)`).
  package static func compile(_ parsed: ParsedRules, source: SourceFile, strict: Bool = false) -> CompiledRules {
    let hasSyntaxErrors = parsed.hasUnreliableTree
    var checks = RulesChecker.check(parsed.file, source: source, includeWarnings: !hasSyntaxErrors || strict)
    if strict {
      checks = RuntimeFailures.promoted(checks)
      if hasSyntaxErrors { checks = checks.filter { $0.severity == .error } }
    }
    return CompiledRules(file: parsed.file, diagnostics: ordered(parsed.diagnostics + checks))
  }

  /// Sorts by position (then severity, most severe first, then code) and drops exact duplicates.
  package static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    var seen = Set<Diagnostic>()
    let unique = diagnostics.filter { seen.insert($0).inserted }
    return unique.sorted { lhs, rhs in
      if lhs.range.start != rhs.range.start { return lhs.range.start < rhs.range.start }
      if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
      if lhs.code != rhs.code { return lhs.code < rhs.code }
      if lhs.range.end != rhs.range.end { return lhs.range.end < rhs.range.end }
      return lhs.message < rhs.message
    }
  }
}

/// The semantic checks on an already parsed file (one concept per file in `Checks/`).
package enum RulesChecker {
  /// Every semantic diagnostic for `file`, unsorted. With `includeWarnings` false only errors
  /// come back (used when the parse failed and a partial tree would give spurious warnings).
  package static func check(_ file: RulesFile, source: SourceFile, includeWarnings: Bool = true) -> [Diagnostic] {
    // An invalid `rules_version` value is its own error; version-specific checks are skipped.
    let version: RulesVersion? = file.version == nil ? .v1 : file.version?.version
    let scopes = ScopeModel(file)
    let resolution = NameResolution(scopes: scopes)
    let recursion = RecursionCheck.run(scopes, calls: resolution.calls)
    var diagnostics = FileChecks.run(file, source: source)
    diagnostics += MatchChecks.run(file, version: version)
    diagnostics += DeclarationChecks.run(scopes, version: version)
    diagnostics += resolution.diagnostics
    diagnostics += recursion.diagnostics
    diagnostics += UsageWarnings.run(scopes, resolution: resolution, recursive: recursion.recursive)
    return includeWarnings ? diagnostics : diagnostics.filter { $0.severity == .error }
  }
}
