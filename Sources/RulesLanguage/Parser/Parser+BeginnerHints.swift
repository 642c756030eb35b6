/// Hints for the mistakes of a first hour with the rules language: a missing closer gets a
/// note at the opener it would close, and `=` where a comparison belongs asks for `==`.
extension Parser {
  /// Reports `message` at the insertion point with a note at the unclosed `opener` token.
  mutating func reportUnclosed(_ message: String, opener: SourceRange) {
    let symbol = text(opener)
    report(
      .error(
        "parse.expected-token", message, at: .at(previousEnd),
        notes: [.init("to match this '\(symbol)'", at: opener)]))
  }

  /// When the current token is `=` (an assignment where an expression ended), reports
  /// "did you mean '=='?" at it and returns true.
  mutating func reportAssignmentInCondition() -> Bool {
    guard at(.equal) else { return false }
    report(
      .error(
        "parse.assignment-in-condition",
        "unexpected '=' in a condition: did you mean '=='? (rules compare with '==' and never assign)",
        at: current.range))
    return true
  }
}
