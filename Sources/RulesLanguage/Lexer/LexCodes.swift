/// The lexer's codes (`lex.*`); the messages are built in `LexDiagnostics`.
extension DiagnosticCode {
  public static let lexControlCharacter: DiagnosticCode = "lex.control-character"
  public static let lexInvalidBytesPrefix: DiagnosticCode = "lex.invalid-bytes-prefix"
  public static let lexInvalidEscape: DiagnosticCode = "lex.invalid-escape"
  public static let lexInvalidNumber: DiagnosticCode = "lex.invalid-number"
  public static let lexInvalidUtf8: DiagnosticCode = "lex.invalid-utf8"
  public static let lexUnexpectedCharacter: DiagnosticCode = "lex.unexpected-character"
  public static let lexUnsupportedString: DiagnosticCode = "lex.unsupported-string"
  public static let lexUnterminatedComment: DiagnosticCode = "lex.unterminated-comment"
  public static let lexUnterminatedString: DiagnosticCode = "lex.unterminated-string"

  /// Every code in this catalog.
  public static let lexCodes: [DiagnosticCode] = [
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
