/// Entry points of the hand-written rules parser.
public enum RulesParser {
  /// Parses a whole `firestore.rules` file. Never throws: problems come back as diagnostics,
  /// one per independent error, and the tree holds `.invalid` nodes where text could not be read.
  public static func parse(_ source: SourceFile) -> ParsedRules {
    // Placeholder until the parser lands.
    ParsedRules(
      file: RulesFile(version: nil, functions: [], service: nil, range: .none),
      diagnostics: [.error("parse.unimplemented", "parser not implemented", at: .at(0))]
    )
  }

  /// Parses a single expression (for `flint expr` and the REPL).
  public static func parseExpression(_ source: SourceFile) -> ParsedExpression {
    ParsedExpression(
      expr: Expr(.invalid),
      diagnostics: [.error("parse.unimplemented", "parser not implemented", at: .at(0))]
    )
  }
}

/// A parsed rules file and the syntax diagnostics found while parsing it.
public struct ParsedRules: Sendable {
  public var file: RulesFile
  public var diagnostics: [Diagnostic]

  public init(file: RulesFile, diagnostics: [Diagnostic]) {
    self.file = file
    self.diagnostics = diagnostics
  }
}

/// A parsed expression and its syntax diagnostics.
public struct ParsedExpression: Sendable {
  public var expr: Expr
  public var diagnostics: [Diagnostic]

  public init(expr: Expr, diagnostics: [Diagnostic]) {
    self.expr = expr
    self.diagnostics = diagnostics
  }
}
