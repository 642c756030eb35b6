import FirestoreModel
import RulesEngine
import RulesLanguage

/// What a case did.
public enum CaseOutcome: Sendable {
  case single(Decision)
  case batch(BatchDecision)

  /// Whether the request (or the whole batch) was allowed.
  public var allowed: Bool {
    switch self {
    case .single(let decision): decision.allowed
    case .batch(let batch): batch.allowed
    }
  }
}

/// One case's result.
public struct CaseResult: Sendable {
  public var name: String
  public var expect: Verdict
  public var outcome: CaseOutcome

  public init(name: String, expect: Verdict, outcome: CaseOutcome) {
    self.name = name
    self.expect = expect
    self.outcome = outcome
  }

  /// What happened: `allow` or `deny`.
  public var actual: Verdict { Verdict(allowed: outcome.allowed) }
  /// Whether the verdict is the expected one.
  public var passed: Bool { actual == expect }
}

/// The results of one suite, with the rules text for rendering explanations.
public struct SuiteResult: Sendable {
  public var file: String
  public var source: SourceFile
  public var cases: [CaseResult]

  public var passed: Int { cases.count { $0.passed } }
  public var failed: Int { cases.count { !$0.passed } }
}

/// Runs suites: every case against the suite's rules with full traces, so that failing
/// cases can be explained down to the sub-expression.
public struct SuiteRunner: Sendable {
  /// Decides `list` requests (see `ListAuthorizer`).
  public var listAuthorizer: ListAuthorizer
  /// Evaluation options; the trace level defaults to `.full` for explanations.
  public var options: EvaluationOptions

  public init(
    listAuthorizer: ListAuthorizer = .evaluator,
    options: EvaluationOptions = EvaluationOptions(traceLevel: .full)
  ) {
    self.listAuthorizer = listAuthorizer
    self.options = options
  }

  /// Runs every case of `suite`, in order.
  public func run(_ suite: RuleSuite) -> SuiteResult {
    let evaluator = Evaluator(ruleset: suite.ruleset, options: options)
    let results = suite.cases.map { suiteCase in
      CaseResult(name: suiteCase.name, expect: suiteCase.expect, outcome: run(suiteCase, evaluator))
    }
    return SuiteResult(file: suite.file, source: suite.source, cases: results)
  }

  /// One case's outcome.
  public func run(_ suiteCase: SuiteCase, _ evaluator: Evaluator) -> CaseOutcome {
    switch suiteCase.action {
    case .single(let request):
      return .single(decide(request, evaluator, suiteCase.store))
    case .batch(let requests):
      return .batch(evaluator.evaluate(batch: requests.map(\.request), store: suiteCase.store))
    }
  }

  /// One request's decision; `list` goes through the list authorizer.
  public func decide(_ request: SuiteRequest, _ evaluator: Evaluator, _ store: DocumentStore) -> Decision {
    if request.request.method == .list {
      return listAuthorizer.authorize(
        ListAuthorization(request: request.request, query: request.query, evaluator: evaluator, store: store))
    }
    return evaluator.evaluate(request.request, store: store)
  }
}
