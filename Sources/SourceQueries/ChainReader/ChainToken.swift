/// A token of C-family source (TypeScript/JavaScript, Kotlin, Java, Dart): enough to read call
/// chains, not a full lexer. Each language has its own tokenizer; the reader sees only these.
struct ChainToken: Sendable {
  enum Kind: Sendable, Equatable {
    case identifier
    /// A string literal, or a template without interpolated parts; `text` is its value.
    case string
    /// A string with interpolated parts (`${...}`, `$name`); `text` has `{}` for each part.
    case template
    case number
    case punctuation
    case regex
    /// A literal whose value the reader does not take (a character literal, a number that does
    /// not parse or fit in 64 bits): its value is not known, never guessed.
    case unreadLiteral
    case end
  }

  var kind: Kind
  var text: String
  /// UTF-8 offsets of the token in the file.
  var start: Int
  var end: Int
  /// A line break comes between the token before and this one (Kotlin ends statements there).
  var newlineBefore = false

  func isPunct(_ p: String) -> Bool { kind == .punctuation && text == p }
  func isIdent(_ name: String) -> Bool { kind == .identifier && text == name }
}
