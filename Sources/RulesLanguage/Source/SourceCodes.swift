/// The codes about the source file itself (`source.*`), before it is lexed.
extension DiagnosticCode {
  public static let sourceNotText: DiagnosticCode = "source.not-text"

  /// Every code in this catalog.
  public static let sourceCodes: [DiagnosticCode] = [
    .sourceNotText
  ]
}
