import RulesLanguage

/// The job behind `flint check` for one file: bytes in, diagnostics out.
public enum RulesCheck {
  /// The source and its diagnostics. A file that is not UTF-8 text is not compiled: its one
  /// diagnostic is `source.not-text` (see `SourceText`).
  public static func check(bytes: [UInt8], name: String, strict: Bool = false) -> (source: SourceFile, diagnostics: [Diagnostic]) {
    let decoded = SourceText.decode(bytes, name: name)
    if let problem = decoded.problem { return (decoded.source, [problem]) }
    return (decoded.source, RulesLinter.check(decoded.source, strict: strict).diagnostics)
  }
}
