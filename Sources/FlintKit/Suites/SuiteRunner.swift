import FirestoreModel
import IndexAdvisor
import Queries
import RulesEngine
import RulesLanguage

/// What a case did.
package enum CaseOutcome: Sendable {
  /// A get or write request, decided by the evaluator.
  case single(Decision)
  /// A list request, decided by proving the query's filters against the rules (spec §7).
  case list(ListProof)
  /// A batched write or transaction.
  case batch(BatchDecision)
  /// A write Firestore fails before the rules run (NOT_FOUND, ALREADY_EXISTS); in a batch,
  /// `position` is the 0-based index of the refused write, and the whole batch fails.
  case refused(PreconditionFailure, position: Int?)

  /// Whether the request (or the whole batch) was allowed.
  package var allowed: Bool {
    switch self {
    case .single(let decision): decision.allowed
    case .list(let proof): proof.allowed
    case .batch(let batch): batch.allowed
    case .refused: false
    }
  }

  /// The outcome the app sees: `allow`, `deny`, `not-found` or `already-exists`.
  package var verdict: Verdict {
    if case .refused(let refusal, _) = self { return Verdict(refusal) }
    return Verdict(allowed: allowed)
  }
}

/// One case's result.
package struct CaseResult: Sendable {
  package var name: String
  package var expect: Verdict
  package var outcome: CaseOutcome
  /// The case's line in the suite file, when known.
  package var line: Int?
  /// The case's read budget (`maxReads`) and what its query bills on the case's data.
  package var maxReads: Int?
  package var reads: Int?

  package init(name: String, expect: Verdict, outcome: CaseOutcome, line: Int? = nil) {
    self.name = name
    self.expect = expect
    self.outcome = outcome
    self.line = line
  }

  /// What happened: `allow`, `deny`, `not-found` or `already-exists`.
  package var actual: Verdict { outcome.verdict }
  /// Whether the query bills more reads than the case allows.
  package var overBudget: Bool {
    guard let maxReads, let reads else { return false }
    return reads > maxReads
  }
  /// Whether the verdict is the expected one, within the read budget.
  package var passed: Bool { actual == expect && !overBudget }
}

/// The results of one suite, with the rules text for rendering explanations.
package struct SuiteResult: Sendable {
  package var file: String
  package var source: SourceFile
  package var cases: [CaseResult]
  /// The problems of the suite's cases that could not be read (and did not run).
  package var caseErrors: [JSONError] = []

  package init(file: String, source: SourceFile, cases: [CaseResult], caseErrors: [JSONError] = []) {
    self.file = file
    self.source = source
    self.cases = cases
    self.caseErrors = caseErrors
  }

  package var passed: Int { cases.count { $0.passed } }
  package var failed: Int { cases.count { !$0.passed } }
}

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
