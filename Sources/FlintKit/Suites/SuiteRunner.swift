import FirestoreModel
import IndexAdvisor
import Queries
import RulesEngine
import RulesLanguage

/// Runs suites: every case against the suite's rules with full traces, so that failing
/// cases can be explained down to the sub-expression.
///
/// `list` requests go through one function, `decideList`: rules are not filters, so the
/// query is proved from its filters (`Queries.ListAuthorizer`), never checked per stored
/// document. Everything else goes to the evaluator.
package struct SuiteRunner: Sendable {
  /// Evaluation options; the trace level defaults to `.full` for explanations.
  package var options: EvaluationOptions
  /// Whether passing cases keep their full explanation (JSON reports show every case's).
  /// When false, cases are first decided without tracing and only the failing ones are
  /// evaluated again with `options` (evaluation is deterministic), which is several
  /// times faster for the common all-pass run.
  package var explainsPassingCases: Bool

  package init(options: EvaluationOptions = EvaluationOptions(traceLevel: .full), explainsPassingCases: Bool = true) {
    self.options = options
    self.explainsPassingCases = explainsPassingCases
  }

  /// Runs every case of `suite`, in order.
  package func run(_ suite: RuleSuite) -> SuiteResult {
    let evaluator = Evaluator(ruleset: suite.ruleset, options: options)
    var quick = options
    quick.traceLevel = .none
    let quickEvaluator = Evaluator(ruleset: suite.ruleset, options: quick)
    let results = suite.cases.map { suiteCase in
      var result = CaseResult(
        name: suiteCase.name, expect: suiteCase.expect,
        outcome: run(suiteCase, explainsPassingCases ? evaluator : quickEvaluator), line: suiteCase.line)
      if let maxReads = suiteCase.maxReads {
        result.maxReads = maxReads
        result.reads = reads(suiteCase)
      }
      if !explainsPassingCases, result.actual != result.expect {
        result.outcome = run(suiteCase, evaluator)
      }
      return result
    }
    return SuiteResult(file: suite.file, source: suite.source, cases: results, caseErrors: suite.caseErrors)
  }

  /// One case's outcome.
  package func run(_ suiteCase: SuiteCase, _ evaluator: Evaluator) -> CaseOutcome {
    switch suiteCase.action {
    case .single(let request):
      if let refusal = request.refusal { return .refused(refusal, position: nil) }
      if let objects = suiteCase.objects {
        // Cloud Storage: a list is one decision for its folder, like any other request.
        return .single(evaluator.evaluate(request.request, objects: objects, documents: suiteCase.store))
      }
      if request.request.method == .list {
        return .list(decideList(request, ruleset: evaluator.ruleset, store: suiteCase.store))
      }
      return .single(evaluator.evaluate(request.request, store: suiteCase.store))
    case .batch(let requests):
      if let position = requests.firstIndex(where: { $0.refusal != nil }) {
        return .refused(requests[position].refusal!, position: position)
      }
      return .batch(evaluator.evaluate(batch: requests.map(\.request), store: suiteCase.store))
    }
  }

  /// What a list case's query bills on the case's data (Query Explain's read operations,
  /// automatic indexes: a suite names no manifest), whatever the rules decide.
  func reads(_ suiteCase: SuiteCase) -> Int? {
    guard case .single(let request) = suiteCase.action, request.request.method == .list else { return nil }
    let query = request.query ?? SuiteRequest.unfilteredQuery(for: request.request)
    let serving = ServingCheck(IndexManifest()).serving(query)
    return QueryExplainer.explain(query, serving: serving, engine: QueryEngine(store: suiteCase.store)).stats?
      .readOperations
  }

  /// The decision on a `list` request: the query proof. `store` only serves the lookups
  /// (`get`/`exists`) the rules make at concrete paths.
  package func decideList(_ request: SuiteRequest, ruleset: Ruleset, store: DocumentStore) -> ListProof {
    let authorizer = ListAuthorizer(ruleset: ruleset, store: store, limits: options.limits)
    // The loader gives every list request a query; the unfiltered one stands in otherwise.
    let query = request.query ?? SuiteRequest.unfilteredQuery(for: request.request)
    return authorizer.authorize(
      query, auth: request.request.auth, time: request.request.time, database: request.request.database)
  }
}
