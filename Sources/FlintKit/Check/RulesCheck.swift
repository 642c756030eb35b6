import RulesLanguage

/// The job behind `flint check` for one file: bytes in, diagnostics out.
package enum RulesCheck {
  /// The source and its diagnostics. A file that is not UTF-8 text is not compiled: its one
  /// diagnostic is `source.not-text` (see `SourceText`).
  /// The file's service (Cloud Firestore or Cloud Storage) decides which names it may use.
  package static func check(bytes: [UInt8], name: String, strict: Bool = false) -> (
    source: SourceFile, diagnostics: [Diagnostic]
  ) {
    let analysis = analyze(bytes: bytes, name: name, strict: strict)
    return (analysis.source, analysis.diagnostics)
  }

  /// The same check keeping the syntax tree, for editors (the language server's hover and
  /// navigation read the tree `flint check` diagnosed). A file that is not text gets an empty tree.
  /// `semantic` runs the solver's `security.overlapping-allow` when Z3 loads (`flint check`); the
  /// language server, which checks on every edit, keeps the syntactic lint: a solver question
  /// can take up to a second, an edit must not.
  package static func analyze(bytes: [UInt8], name: String, strict: Bool = false, semantic: Bool = true) -> Analysis {
    let decoded = SourceText.decode(bytes, name: name)
    if let problem = decoded.problem {
      let empty = RulesFile(version: nil, functions: [], service: nil, range: .none)
      return Analysis(source: decoded.source, file: empty, diagnostics: [problem])
    }
    let compiled = RulesLinter.check(decoded.source, strict: strict, patterns: .engine)
    let diagnostics =
      semantic
      ? SemanticOverlap.apply(compiled.diagnostics, file: compiled.file, source: decoded.source) : compiled.diagnostics
    return Analysis(source: decoded.source, file: compiled.file, diagnostics: diagnostics)
  }

  /// A checked file: its source, its (possibly partial) tree and what `flint check` reports.
  package struct Analysis: Sendable {
    package var source: SourceFile
    package var file: RulesFile
    package var diagnostics: [Diagnostic]
  }
}
