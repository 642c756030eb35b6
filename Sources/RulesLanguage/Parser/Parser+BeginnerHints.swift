/// Hints for the mistakes of a first hour with the rules language: a missing closer gets a
/// note at the opener it would close, and `=` where a comparison belongs asks for `==`.
extension Parser {
  /// Reports `message` at the insertion point with a note at the unclosed `opener` token.
  mutating func reportUnclosed(_ message: String, opener: SourceRange) {
    let symbol = text(opener)
    report(
      .error(
        .parseExpectedToken, message, at: .at(previousEnd),
        notes: [.init("to match this '\(symbol)'", at: opener)]))
  }

  /// When the current token is `=` (an assignment where an expression ended), reports
  /// "did you mean '=='?" at it and returns true.
  mutating func reportAssignmentInCondition() -> Bool {
    guard at(.equal) else { return false }
    report(
      .error(
        .parseAssignmentInCondition,
        "unexpected '=' in a condition: did you mean '=='? (rules compare with '==' and never assign)",
        at: current.range))
    return true
  }

  /// When a block's `}` is missing, braces pair up wrongly and the error lands at the end of
  /// the file. The block most likely left open is the first `match` whose contents are not
  /// indented deeper than its own `match` keyword; a note points at it.
  ///
  /// Columns come from a line table built once per parse, so that a file of many blocks on
  /// one long line stays linear. The second, indentation-guided pass needs no note: its
  /// result is kept only when no block was left open at the end.
  mutating func misindentationNote(_ items: [MatchItem]) -> [Diagnostic.Note] {
    guard lines == nil else { return [] }
    if noteLines == nil { noteLines = LineIndentation(bytes) }
    guard let table = noteLines, let block = Self.firstMisindented(items, column: table.column(of:)) else { return [] }
    return [
      .init(
        "this 'match' block may be the one missing its '}': what follows it is not indented inside it",
        at: block.path.range)
    ]
  }

  static func firstMisindented(_ items: [MatchItem], column: (Int) -> Int) -> MatchBlock? {
    for case .match(let block) in items {
      let own = column(block.range.start)
      for item in block.items where column(item.start) <= own { return block }
      if let inner = firstMisindented(block.items, column: column) { return inner }
    }
    return nil
  }
}

extension MatchItem {
  /// Where the item starts in the source.
  var start: Int {
    switch self {
    case .match(let block): block.range.start
    case .allow(let statement): statement.range.start
    case .function(let function): function.range.start
    }
  }
}
