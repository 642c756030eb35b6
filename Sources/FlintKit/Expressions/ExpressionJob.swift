import FirestoreModel
import RulesEngine
import RulesLanguage

/// The outcome of evaluating expression text.
public enum ExpressionResult: Sendable {
  /// The text did not parse; the diagnostics point into `source`.
  case syntaxError(source: SourceFile, diagnostics: [Diagnostic])
  /// The value, or the error (`⊥`) the expression evaluated to.
  case evaluated(Result<RulesValue, EvalError>)
}

/// The job behind `flint expr`: parse and evaluate rules expressions, optionally with the
/// functions of a ruleset in scope and with variable bindings.
public struct ExpressionJob: Sendable {
  /// The rules whose top-level and service-level functions calls may use.
  public let ruleset: Ruleset?
  public let options: EvaluationOptions

  public init(ruleset: Ruleset? = nil, options: EvaluationOptions = EvaluationOptions()) {
    self.ruleset = ruleset
    self.options = options
  }

  /// Parses `text` (named `name` in diagnostics).
  public static func parse(_ text: String, name: String = "<expr>") -> ParsedExpressionText {
    let source = SourceFile(name: name, text: text)
    let parsed = RulesParser.parseExpression(source)
    let errors = parsed.diagnostics.filter { $0.severity == .error }
    return ParsedExpressionText(
      source: source, expr: errors.isEmpty ? parsed.expr : nil, diagnostics: parsed.diagnostics)
  }

  /// Parses and evaluates `text` with `bindings` (`request`, `resource` and other names).
  public func evaluate(_ text: String, bindings: [String: RulesValue] = [:]) -> ExpressionResult {
    let parsed = Self.parse(text)
    guard let expr = parsed.expr else { return .syntaxError(source: parsed.source, diagnostics: parsed.diagnostics) }
    return .evaluated(evaluate(expr, bindings: bindings))
  }

  /// Evaluates a parsed expression.
  public func evaluate(_ expr: Expr, bindings: [String: RulesValue]) -> Result<RulesValue, EvalError> {
    Evaluator.evaluate(expression: expr, bindings: bindings, ruleset: ruleset, options: options).result
  }
}

/// Expression text after parsing: the expression when it parsed without errors.
public struct ParsedExpressionText: Sendable {
  public var source: SourceFile
  public var expr: Expr?
  public var diagnostics: [Diagnostic]

  /// `syntax error at column 5: expected expression` for the first error.
  public var errorMessage: String? {
    guard let first = diagnostics.first(where: { $0.severity == .error }) else { return nil }
    let location = source.location(of: first.range.start)
    let place = location.line > 1 ? "line \(location.line), column \(location.column)" : "column \(location.column)"
    return "syntax error at \(place): \(first.message)"
  }
}
