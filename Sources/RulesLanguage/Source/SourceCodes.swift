/// The codes about the source file itself (`source.*`), before it is lexed.
extension DiagnosticCode {
  package static let sourceNotText: DiagnosticCode = "source.not-text"

  /// Every code in this catalog.
  package static let sourceCodes: [DiagnosticCode] = [
    .sourceNotText
  ]
}
