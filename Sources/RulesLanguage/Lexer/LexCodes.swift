/// The lexer's codes (`lex.*`); the messages are built in `LexDiagnostics`.
extension DiagnosticCode {
  package static let lexControlCharacter: DiagnosticCode = "lex.control-character"
  package static let lexInvalidBytesPrefix: DiagnosticCode = "lex.invalid-bytes-prefix"
  package static let lexInvalidEscape: DiagnosticCode = "lex.invalid-escape"
  package static let lexInvalidNumber: DiagnosticCode = "lex.invalid-number"
  package static let lexInvalidUtf8: DiagnosticCode = "lex.invalid-utf8"
  package static let lexUnexpectedCharacter: DiagnosticCode = "lex.unexpected-character"
  package static let lexUnsupportedString: DiagnosticCode = "lex.unsupported-string"
  package static let lexUnterminatedComment: DiagnosticCode = "lex.unterminated-comment"
  package static let lexUnterminatedString: DiagnosticCode = "lex.unterminated-string"

  /// Every code in this catalog.
  package static let lexCodes: [DiagnosticCode] = [
    .lexControlCharacter,
    .lexInvalidBytesPrefix,
    .lexInvalidEscape,
    .lexInvalidNumber,
    .lexInvalidUtf8,
    .lexUnexpectedCharacter,
    .lexUnsupportedString,
    .lexUnterminatedComment,
    .lexUnterminatedString,
  ]
}
