import FirestoreModel
import RulesEngine
import RulesLanguage

/// The outcome of evaluating expression text.
package enum ExpressionResult: Sendable {
  /// The text did not parse; the diagnostics point into `source`.
  case syntaxError(source: SourceFile, diagnostics: [Diagnostic])
  /// The value, or the error (`⊥`) the expression evaluated to.
  case evaluated(Result<RulesValue, EvalError>)
}

/// The job behind `flint expr`: parse and evaluate rules expressions, optionally with the
/// functions of a ruleset in scope, with variable bindings and with seed documents.
package struct ExpressionJob: Sendable {
  /// The rules whose functions calls may use.
  package let ruleset: Ruleset?
  /// Where expressions run in `ruleset` (see `ExpressionSite`); nil: every function whose
  /// name is declared once is callable (`Ruleset.anywhereSite`).
  package let site: ExpressionSite?
  /// The documents `get` and `exists` read; nil when no data was given (every lookup sees
  /// a missing document).
  package let store: DocumentStore?
  package let options: EvaluationOptions

  package init(
    ruleset: Ruleset? = nil, site: ExpressionSite? = nil, store: DocumentStore? = nil,
    options: EvaluationOptions = EvaluationOptions()
  ) {
    self.ruleset = ruleset
    self.site = site
    self.store = store
    self.options = options
  }

  /// The job for expressions written as if inside the innermost `match` block of `ruleset`
  /// that matches document `path`: its wildcards bound, its functions callable.
  package static func at(
    _ path: ResourcePath, in ruleset: Ruleset, store: DocumentStore? = nil,
    options: EvaluationOptions = EvaluationOptions()
  ) throws(ExpressionScopeError) -> ExpressionJob {
    guard let site = ruleset.site(at: path) else { throw ExpressionScopeError.noMatch(path) }
    return ExpressionJob(ruleset: ruleset, site: site, store: store, options: options)
  }

  /// The error for a call in `expr` to a function name that is declared more than once and
  /// that this job cannot resolve (no `--at`), listing the candidates; nil when none.
  package func ambiguity(in expr: Expr) -> ExpressionScopeError? {
    guard let ruleset, site == nil else { return nil }
    for name in expr.calledNames {
      let sites = ruleset.functionSites(named: name)
      if sites.count > 1 { return .ambiguous(name, sites) }
    }
    return nil
  }

  /// Parses `text` (named `name` in diagnostics).
  package static func parse(_ text: String, name: String = "<expr>") -> ParsedExpressionText {
    let source = SourceFile(name: name, text: text)
    let parsed = RulesParser.parseExpression(source)
    let errors = parsed.diagnostics.filter { $0.severity == .error }
    return ParsedExpressionText(
      source: source, expr: errors.isEmpty ? parsed.expr : nil, diagnostics: parsed.diagnostics)
  }

  /// Parses and evaluates `text` with `bindings` (`request`, `resource` and other names).
  package func evaluate(_ text: String, bindings: [String: RulesValue] = [:]) -> ExpressionResult {
    let parsed = Self.parse(text)
    guard let expr = parsed.expr else { return .syntaxError(source: parsed.source, diagnostics: parsed.diagnostics) }
    return .evaluated(evaluate(expr, bindings: bindings))
  }

  /// Evaluates a parsed expression.
  package func evaluate(_ expr: Expr, bindings: [String: RulesValue]) -> Result<RulesValue, EvalError> {
    evaluateWithLookups(expr, bindings: bindings).result
  }

  /// Evaluates a parsed expression; also says whether it looked up documents. A call to an
  /// ambiguous function name is an error value naming the candidates.
  package func evaluateWithLookups(_ expr: Expr, bindings: [String: RulesValue])
    -> (result: Result<RulesValue, EvalError>, lookedUp: Bool)
  {
    if let ambiguity = ambiguity(in: expr) { return (.failure(EvalError(ambiguity.description)), false) }
    let evaluation = Evaluator.evaluate(
      expression: expr, bindings: bindings, store: store ?? DocumentStore(), ruleset: ruleset,
      site: site ?? ruleset?.anywhereSite, options: options)
    return (evaluation.result, !evaluation.lookups.isEmpty)
  }
}

/// Expression text after parsing: the expression when it parsed without errors.
package struct ParsedExpressionText: Sendable {
  package var source: SourceFile
  package var expr: Expr?
  package var diagnostics: [Diagnostic]

  /// `syntax error at column 5: expected expression` for the first error.
  package var errorMessage: String? {
    guard let first = diagnostics.first(where: { $0.severity == .error }) else { return nil }
    let location = source.location(of: first.range.start)
    let place = location.line > 1 ? "line \(location.line), column \(location.column)" : "column \(location.column)"
    return "syntax error at \(place): \(first.message)"
  }
}
