import FirestoreModel
import RulesLanguage

/// The result of evaluating a standalone expression (`flint expr`, the REPL, other engines).
package struct ExpressionEvaluation: Sendable {
  /// The value, or the error (`⊥`) it evaluated to. A limit breach is an error of kind `.limit`.
  package var result: Result<RulesValue, EvalError>
  /// The evaluated expression tree (at `TraceLevel.full`).
  package var trace: ExprTrace?
  /// `debug()` output, in call order.
  package var debugOutputs: [DebugOutput]
  /// Document lookups made.
  package var lookups: [LookupTrace]
  /// Expressions evaluated (the count the per-request budget limits; one past the limit
  /// when the budget ran out).
  package var steps: Int = 0
}

extension Evaluator {
  /// Evaluates one expression with custom variable bindings.
  ///
  /// `bindings` take precedence over the globals (`request`, `resource`), so a caller can
  /// supply both as plain values; without them the globals come from `request` (and
  /// `resource` from `store`). With a `ruleset`, calls resolve to its top-level and
  /// service-level functions, or to those `site` makes visible (and `site` binds its
  /// match's wildcards). Lookups read `store`.
  package static func evaluate(
    expression: Expr,
    bindings: [String: RulesValue] = [:],
    request: Request? = nil,
    store: DocumentStore = DocumentStore(),
    ruleset: Ruleset? = nil,
    site: ExpressionSite? = nil,
    options: EvaluationOptions = EvaluationOptions()
  ) -> ExpressionEvaluation {
    let context = EvaluationContext(
      ruleset: ruleset, request: request, store: store, database: request?.database ?? DatabaseID.default,
      pendingWrites: request.flatMap { $0.method.isWrite ? [$0] : nil },
      options: options, globalOverrides: bindings)
    let chosen = ruleset.map { site ?? $0.serviceSite }
    let env = Environment(variables: chosen?.variables ?? [], scope: chosen?.scope)
    let result: Result<RulesValue, EvalError>
    let trace: ExprTrace?
    do throws(EvalError) {
      result = try context.eval(expression, env)
      trace = context.tracer?.finish(unwindingWith: .notEvaluated)
    } catch {
      result = .failure(error)
      trace = context.tracer?.finish(unwindingWith: .error(error))
    }
    return ExpressionEvaluation(
      result: result, trace: trace, debugOutputs: context.debugOutputs, lookups: context.lookupTraces,
      steps: context.steps)
  }
}
