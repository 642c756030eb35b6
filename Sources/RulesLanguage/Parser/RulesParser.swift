/// Entry points of the hand-written rules parser.
package enum RulesParser {
  /// Parses a whole `firestore.rules` file. Never throws: problems come back as diagnostics,
  /// one per independent error, and the tree holds `.invalid` nodes where text could not be read.
  /// A block left open (a `}` missing) is first noticed at the end of the file; the file is
  /// then parsed again closing indented blocks where their indentation ends, and that parse
  /// is kept when it closed a block that way and left nothing open at the end.
  package static func parse(_ source: SourceFile) -> ParsedRules {
    var parser = Parser(source: source)
    let file = parser.parseFile()
    if parser.unclosedAtEnd {
      var retry = Parser(source: source)
      retry.lines = LineIndentation(source.bytes)
      let recovered = retry.parseFile()
      if retry.closedByIndentation && !retry.unclosedAtEnd {
        return ParsedRules(file: recovered, diagnostics: sorted(retry.diagnostics))
      }
    }
    return ParsedRules(file: file, diagnostics: sorted(parser.diagnostics))
  }

  /// Parses a single expression (for `flint expr` and the REPL); anything after it is an error.
  package static func parseExpression(_ source: SourceFile) -> ParsedExpression {
    var parser = Parser(source: source)
    let expr = parser.parseExpression()
    if !parser.at(.eof) {
      parser.reportUnexpected(.parseTrailingInput, "expected end of expression, found \(parser.current.kind)")
    }
    return ParsedExpression(expr: expr, diagnostics: sorted(parser.diagnostics))
  }

  /// Diagnostics in source order (stable for equal positions).
  private static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.enumerated()
      .sorted { ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset) }
      .map(\.element)
  }
}

/// A parsed rules file and the syntax diagnostics found while parsing it.
package struct ParsedRules: Sendable {
  package var file: RulesFile
  package var diagnostics: [Diagnostic]

  /// Whether a syntax error leaves the tree unreliable (then only errors are reported). A
  /// block the parser closed by indentation (`parse.unclosed-block`) does not: the tree is
  /// as the author indented it, so the other checks, warnings and lints still run.
  package var hasUnreliableTree: Bool {
    diagnostics.contains { $0.severity == .error && $0.code != .parseUnclosedBlock }
  }

  package init(file: RulesFile, diagnostics: [Diagnostic]) {
    self.file = file
    self.diagnostics = diagnostics
  }
}

/// A parsed expression and its syntax diagnostics.
package struct ParsedExpression: Sendable {
  package var expr: Expr
  package var diagnostics: [Diagnostic]

  package init(expr: Expr, diagnostics: [Diagnostic]) {
    self.expr = expr
    self.diagnostics = diagnostics
  }
}
