extension StringProtocol {
  /// The text without its leading and trailing white space (spaces, tabs, line breaks and the
  /// other Unicode spaces), as Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)`.
  package func trimmed() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
    let last = lastIndex(where: { !$0.isWhitespace })!
    return String(self[first...last])
  }
}
