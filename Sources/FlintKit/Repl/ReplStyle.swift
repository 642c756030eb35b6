import FirestoreModel

/// Terminal colours for the session's output: on only for a terminal without `NO_COLOR`.
package struct ReplStyle: Sendable {
  package var colors: Bool

  package init(colors: Bool) { self.colors = colors }

  /// `ALLOW` in green or `DENY` in red.
  package func verdict(_ allowed: Bool) -> String {
    paint(allowed ? "ALLOW" : "DENY", allowed ? "32;1" : "31;1")
  }

  /// Secondary text (file:line, counts) dimmed.
  package func dim(_ text: String) -> String { paint(text, "2") }

  /// Errors in red.
  package func error(_ text: String) -> String { paint(text, "31") }

  /// The SGR codes `paint` writes.
  static let codes = ["32;1", "31;1", "2", "31", "0"]

  private func paint(_ text: String, _ code: String) -> String {
    colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  /// An answer made safe for the terminal, the last step before it is shown: every control
  /// and bidirectional character (`VisibleText`) is escaped except line feeds, tabs and, with
  /// colours on, the exact colour sequences this style writes. The user's text is escaped
  /// where it is put into an answer; this pass is the guarantee for what was missed (file
  /// contents, values in documents). Without colours nothing raw gets through; with colours a
  /// user's text could at most repeat one of the colour codes above, never move the cursor,
  /// clear the screen or reorder text.
  package func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 != "\n" && VisibleText.isEscaped($0) }) else { return text }
    let scalars = Array(text.unicodeScalars)
    var out = ""
    out.reserveCapacity(scalars.count)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\u{1B}", colors, let length = ownSequenceLength(scalars, at: index) {
        out.unicodeScalars.append(contentsOf: scalars[index..<(index + length)])
        index += length
        continue
      }
      if scalar != "\n", VisibleText.isEscaped(scalar) {
        out += VisibleText.escape(scalar)
      } else {
        out.unicodeScalars.append(scalar)
      }
      index += 1
    }
    return out
  }

  /// The length of the colour sequence (`ESC [ code m`, one of `codes`) at `index`, if any.
  private func ownSequenceLength(_ scalars: [Unicode.Scalar], at index: Int) -> Int? {
    for code in Self.codes {
      let sequence = Array("\u{1B}[\(code)m".unicodeScalars)
      let end = index + sequence.count
      if end <= scalars.count, scalars[index..<end].elementsEqual(sequence) { return sequence.count }
    }
    return nil
  }
}
