import RulesLanguage

/// The per-request limits of the engine (spec §6.8). Breaching one denies the whole
/// request; `&&`/`||` never absorb it.
package struct EvaluationLimits: Hashable, Sendable {
  /// Distinct documents looked up (`get`, `exists`, `getAfter`, `existsAfter`) per request.
  package var lookupsPerRequest: Int
  /// Distinct documents looked up across a batch or transaction.
  package var lookupsPerBatch: Int
  /// Expression evaluations per request; every AST node evaluated counts one.
  package var expressions: Int
  /// Nested user-function calls.
  package var callDepth: Int

  package init(
    lookupsPerRequest: Int = RulesLimits.lookupsPerRequest, lookupsPerBatch: Int = RulesLimits.lookupsPerBatch,
    expressions: Int = RulesLimits.expressions, callDepth: Int = RulesLimits.callDepth
  ) {
    self.lookupsPerRequest = lookupsPerRequest
    self.lookupsPerBatch = lookupsPerBatch
    self.expressions = expressions
    self.callDepth = callDepth
  }

  /// The production limits (`RulesLimits`).
  package static let standard = EvaluationLimits()
}

/// How the evaluator runs: how much to trace and which limits to apply.
package struct EvaluationOptions: Hashable, Sendable {
  /// `.outcomes` (the default) records only allow outcomes; `.full` records expression trees.
  package var traceLevel: TraceLevel
  package var limits: EvaluationLimits

  package init(traceLevel: TraceLevel = .outcomes, limits: EvaluationLimits = .standard) {
    self.traceLevel = traceLevel
    self.limits = limits
  }
}

extension EvalError {
  /// The per-request lookup limit was exceeded.
  static func tooManyLookups(_ limit: Int) -> EvalError {
    .limit("Exceeded maximum of \(limit) get/exists calls per request.")
  }

  /// The batch-wide lookup limit was exceeded.
  static func tooManyBatchLookups(_ limit: Int) -> EvalError {
    .limit("Exceeded maximum of \(limit) get/exists calls per batch.")
  }

  /// The expression budget was exhausted.
  static func expressionBudget(_ limit: Int) -> EvalError {
    .limit("Exceeded maximum of \(limit) expressions evaluated per request.")
  }

  /// Function calls nested too deeply.
  static func callDepth(_ limit: Int) -> EvalError {
    .limit("Exceeded maximum function call depth of \(limit).")
  }

  /// A function called itself, directly or through others.
  static let recursion = EvalError.limit(
    "Maximum number of recursive or cyclical function calls: 0 (not permitted).")

  /// Reading `resource` (or a query's unknown document id) while evaluating a `list` request.
  static let needsQueryConstraints = EvalError(
    "Unknown value: a list request knows its documents only through the query's constraints.")

  /// An identifier that names nothing in scope.
  static func variableNotFound(_ name: String) -> EvalError {
    EvalError("Variable not found error: Name: [\(name)].")
  }
}
