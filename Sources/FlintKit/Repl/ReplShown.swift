import FirestoreModel

/// The user's text as the session's answers show it: control and bidirectional characters
/// escaped (`VisibleText`), and long text cut, so a line of random bytes cannot act on the
/// terminal and a 100 KB line costs a few hundred characters per answer, not 100 KB.
enum ReplShown {
  /// A word quoted in a message (`unknown command '...'`) is cut after this many characters.
  static let maxWord = 60
  /// A user id in the prompt and in `signed in as` is cut after this many characters (Firebase
  /// Auth's limit for a uid).
  static let maxUser = 128
  /// A scripted session's echo of its input line is cut after this many characters.
  static let maxEchoed = 500
  /// A parse error's excerpt longer than this is cut to a window around the caret.
  static let maxLine = 200
  /// How many characters of a long excerpt are kept before the caret, and in all.
  static let windowLead = 40
  static let windowLength = 160

  /// A word of the user's for a message: escaped, cut after `maxWord` characters.
  static func word(_ text: String) -> String { clipped(text, max: maxWord) }

  /// `text` escaped (tabs kept) and cut after `max` characters: `abc… (1234 more characters)`.
  static func clipped(_ text: String, max: Int) -> String {
    guard text.utf8.count > max else { return VisibleText.escaped(text) }
    let total = text.count
    guard total > max else { return VisibleText.escaped(text) }
    return VisibleText.escaped(String(text.prefix(max))) + "… (\(total - max) more characters)"
  }

  /// The line shown under a parse error, escaped and with tabs as spaces, with the caret's
  /// column (both in characters, `column` in `line`); cut to a window of `windowLength`
  /// characters around the caret (`...` marking the cuts) when longer than `maxLine`.
  static func excerpt(_ line: String, column: Int) -> (line: String, column: Int) {
    var shown: [Character] = []
    var caret: Int?
    var count = 0
    for character in line {
      if count == column - 1 { caret = shown.count }
      count += 1
      if character == "\t" {
        shown.append(" ")
      } else if character.unicodeScalars.contains(where: { VisibleText.isEscaped($0) }) {
        for scalar in character.unicodeScalars {
          if VisibleText.isEscaped(scalar) {
            shown.append(contentsOf: VisibleText.escape(scalar))
          } else {
            shown.append(Character(scalar))
          }
        }
      } else {
        shown.append(character)
      }
    }
    let at = caret ?? shown.count + max(0, column - 1 - count)
    guard shown.count > maxLine else { return (String(shown), at + 1) }
    let from = max(0, min(at, shown.count) - windowLead)
    let to = min(shown.count, from + windowLength)
    let prefix = from > 0 ? "..." : ""
    let suffix = to < shown.count ? "..." : ""
    return (prefix + String(shown[from..<to]) + suffix, prefix.count + at - from + 1)
  }
}
