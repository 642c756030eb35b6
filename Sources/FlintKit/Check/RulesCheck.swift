import RulesLanguage

/// The job behind `flint check` for one file: bytes in, diagnostics out.
package enum RulesCheck {
  /// The source and its diagnostics. A file that is not UTF-8 text is not compiled: its one
  /// diagnostic is `source.not-text` (see `SourceText`). Cloud Storage rules
  /// (`service firebase.storage`) are not checked: their one diagnostic is a note saying so.
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
    let compiled = RulesLinter.check(decoded.source, strict: strict)
    if let service = compiled.file.service, let known = RulesService.named(service.name.name), !known.isChecked {
      // A known service Flint does not check yet (Cloud Storage): Firestore's names and warnings
      // are wrong for it, so its one diagnostic is this note.
      let checked = RulesService.known.filter(\.isChecked).map(\.title).joined(separator: ", ")
      let note = Diagnostic(
        .note, code: storageNotCheckedCode,
        "\(known.title) rules (service \(known.name)) are not checked: Flint checks \(checked) rules only",
        at: service.name.range)
      return Analysis(source: decoded.source, file: compiled.file, diagnostics: [note])
    }
    let diagnostics =
      semantic
      ? SemanticOverlap.apply(compiled.diagnostics, file: compiled.file, source: decoded.source) : compiled.diagnostics
    return Analysis(source: decoded.source, file: compiled.file, diagnostics: diagnostics)
  }

  /// The code of the one note a Storage rules file gets (`.checkStorageNotChecked`).
  package static let storageNotCheckedCode: DiagnosticCode = .checkStorageNotChecked

  /// A checked file: its source, its (possibly partial) tree and what `flint check` reports.
  package struct Analysis: Sendable {
    package var source: SourceFile
    package var file: RulesFile
    package var diagnostics: [Diagnostic]
  }
}
