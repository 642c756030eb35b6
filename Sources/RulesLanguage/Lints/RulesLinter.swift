/// The lints: findings in rules that compile but are unsafe or misunderstood. Every finding is a
/// warning (a lint never turns a file Google deploys into an error), can be silenced on its line
/// with `// flint:ignore <code>`, and ends with a one-line fix.
package enum RulesLinter {
  /// Every lint, in the order Docs/lints.md lists them (FlintKit's `LintCatalogue` writes that page
  /// from this list).
  static let lints: [any Lint.Type] = [
    OpenWrite.self,
    OpenRead.self,
    SignedInOnlyWrite.self,
    TimeBomb.self,
    RecursiveWrite.self,
    OverlappingAllow.self,
    OwnershipChange.self,
    OwnerFieldInKeyList.self,
    UnvalidatedWrite.self,
    UnvalidatedLookup.self,
    FieldHiding.self,
    CollectionPath.self,
    QueryProjection.self,
    ResourceOnCreate.self,
    TypeComparison.self,
    TypeArithmetic.self,
    TypeMissingMethod.self,
    NonBooleanCondition.self,
    ConstantCondition.self,
    RedundantAllow.self,
    HotDocument.self,
    LookupLimit.self,
    UnboundedUpload.self,
    ActiveContentType.self,
    UploadStoredField.self,
    NamedDatabaseLookup.self,
    ListNeedsVersion2.self,
  ]

  /// The description of every lint (code, summary, fix, examples), for documentation and SARIF.
  package static var rules: [LintRule] { lints.map { $0.rule } }

  /// The lint findings for a parsed file, before suppressions: the lints that apply to the
  /// file's service. Safe on any tree the parser returns, including recovered (broken) ones.
  /// `patterns` is the rules engine's regex, for the lints that ask what a pattern accepts.
  package static func lint(_ file: RulesFile, source: SourceFile, patterns: PatternMatcher? = nil) -> [Diagnostic] {
    let model = LintModel(file, source: source, patterns: patterns)
    let service = model.scopes.service
    return lints.flatMap { $0.rule.applies(to: service) ? $0.run(model) : [] }
  }

  /// What `flint check` reports: the compiler's diagnostics plus the lints (skipped after a
  /// syntax error, like the other warnings), minus warnings silenced by `flint:ignore`.
  ///
  /// The lints read only the syntax tree, so once the file has parsed they run on a second
  /// thread while the semantic checks run on this one: on a machine with two cores the lints
  /// cost little wall-clock time (their CPU time is unchanged; `flint-bench lint` shows both).
  package static func check(_ source: SourceFile, strict: Bool = false, patterns: PatternMatcher? = nil)
    -> CompiledRules
  {
    let parsed = RulesParser.parse(source)
    let syntaxBroken = parsed.hasUnreliableTree
    var compiled: CompiledRules
    var diagnostics: [Diagnostic]
    if syntaxBroken {
      compiled = RulesCompiler.compile(parsed, source: source, strict: strict)
      diagnostics = compiled.diagnostics
    } else {
      let results = ConcurrentPair.run(
        { RulesCompiler.compile(parsed, source: source, strict: strict) },
        { lint(parsed.file, source: source, patterns: patterns) })
      compiled = results.0
      diagnostics = compiled.diagnostics + results.1
    }
    let suppressions = Suppressions(source)
    if !suppressions.isEmpty {
      diagnostics = diagnostics.filter { !suppressions.silences($0, line: source.location(of: $0.range.start).line) }
    }
    compiled.diagnostics = RulesCompiler.ordered(diagnostics)
    return compiled
  }
}
