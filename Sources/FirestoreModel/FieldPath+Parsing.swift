extension FieldPath {
  /// Parses a dotted field path as the SDKs' `update()` keys are written: `a.b.c`, with
  /// segments containing dots or other characters quoted in backticks (`` `a.b`.c ``,
  /// `\` escapes inside). Nil for an empty path, an empty segment or an unclosed backtick.
  package init?(parsing text: String) {
    var segments: [String] = []
    var current = ""
    var quoted = false
    var wasQuoted = false
    var escaping = false
    for character in text {
      if escaping {
        current.append(character)
        escaping = false
      } else if quoted {
        if character == "\\" {
          escaping = true
        } else if character == "`" {
          quoted = false
        } else {
          current.append(character)
        }
      } else if character == "`" {
        quoted = true
        wasQuoted = true
      } else if character == "." {
        guard !current.isEmpty || wasQuoted else { return nil }
        segments.append(current)
        current = ""
        wasQuoted = false
      } else {
        current.append(character)
      }
    }
    guard !quoted, !escaping, !current.isEmpty || wasQuoted else { return nil }
    segments.append(current)
    self.init(segments)
  }
}
