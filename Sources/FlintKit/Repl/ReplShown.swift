import FirestoreModel

/// The user's text as the session's answers show it: control and bidirectional characters
/// escaped (`VisibleText`), and long text cut, so a line of random bytes cannot act on the
/// terminal and a 100 KB line costs a few hundred characters per answer, not 100 KB. (The line
/// under a parse error is cut like a diagnostic's: `DiagnosticRenderer.excerptLines`.)
enum ReplShown {
  /// A word quoted in a message (`unknown command '...'`) is cut after this many characters.
  static let maxWord = 60
  /// A user id in the prompt and in `signed in as` is cut after this many characters (Firebase
  /// Auth's limit for a uid).
  static let maxUser = 128
  /// A scripted session's echo of its input line is cut after this many characters.
  static let maxEchoed = 500

  /// A word of the user's for a message: escaped, cut after `maxWord` characters.
  static func word(_ text: String) -> String { clipped(text, max: maxWord) }

  /// `text` escaped (tabs kept) and cut after `max` characters: `abc… (1234 more characters)`.
  static func clipped(_ text: String, max: Int) -> String {
    guard text.utf8.count > max else { return VisibleText.escaped(text) }
    let total = text.count
    guard total > max else { return VisibleText.escaped(text) }
    return VisibleText.escaped(String(text.prefix(max))) + "… (\(total - max) more characters)"
  }
}
