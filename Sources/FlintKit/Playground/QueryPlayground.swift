import FirestoreModel
import IndexAdvisor
import Queries
import RulesEngine
import RulesLanguage

/// The job behind `flint query`: parse → validate → normalize → prove against the rules →
/// execute on the seeded documents → report. Also single-document requests (`get`,
/// `create`, `update`, `delete`) decided by the evaluator.
package struct QueryPlayground: Sendable {
  /// The rules to prove queries against; nil to skip the rules step.
  package var ruleset: Ruleset?
  /// The seeded documents (queries run on them; `get()`/`exists()` read them).
  package var store: DocumentStore
  package var database: String
  package var limits: EvaluationLimits
  /// The index manifest queries are checked against (nil: only automatic indexes are known).
  package var indexes: IndexManifest?
  /// The manifest's file name, for messages.
  package var indexesName: String?
  /// The project id used in the console's create-index links.
  package var project = ProjectID.placeholder
  /// Query Explain: none (the engine's reads, with a scan only when the bill counts the index
  /// entries read), the plan alone, or the plan and the execution figures (`report.explain`).
  package var explain = ExplainOption.off
  /// Collection factors the execution figures are scaled by (`--scale`).
  package var scale = CollectionScale.none

  package init(
    ruleset: Ruleset? = nil, store: DocumentStore = DocumentStore(), database: String = DatabaseID.default,
    limits: EvaluationLimits = .standard
  ) {
    self.ruleset = ruleset
    self.store = store
    self.database = database
    self.limits = limits
  }

  /// Runs query text for a user (`auth`, nil when signed out) at `time`. The query may use
  /// `auth.uid`, `auth.token.<claim>`, `request.time` and the names in `variables`. A name
  /// nothing binds is an unknown value: validity, order and index are reported without it;
  /// the proof and the run need it when there are rules or documents (`missingValue`).
  package func run(
    _ text: String, auth: Auth?, time: Timestamp = Timestamp(seconds: 0), variables: [String: Value] = [:]
  ) -> QueryReport {
    let source = SourceFile(name: "<query>", text: text)
    var bindings = variables
    bindings["request.time"] = .timestamp(time)
    if let auth { bindings["request.auth"] = PlaygroundInput.authBinding(auth) }
    let context = QueryContext(bindings: bindings, store: store, placeholdersForUnbound: true)
    let prepared = QueryPipeline.prepare(source, context: context)
    var report = QueryReport(source: source, diagnostics: QueryPipeline.diagnostics(of: prepared))
    guard let normalized = prepared.normalized else {
      report.error = prepared.error?.message ?? report.diagnostics.first { $0.severity == .error }?.message
      report.unboundVariable = prepared.error?.unboundVariable
      return report
    }
    report.normalized = normalized
    let serving = ServingCheck(indexes ?? IndexManifest()).serving(normalized)
    report.index = serving
    report.indexesName = indexes == nil ? nil : (indexesName ?? "firestore.indexes.json")
    report.project = project
    report.database = database
    if let unknown = normalized.unknownValues.first, ruleset != nil || store.count > 0 {
      // Proving the query and running it on documents need every value it names.
      let error = unknown.error
      report.error = error.message
      report.unboundVariable = unknown.name
      report.diagnostics.append(error.diagnostic)
      report.missingValue = unknown
      report.rulesSource = ruleset?.source
      return report
    }
    if let ruleset {
      let authorizer = ListAuthorizer(ruleset: ruleset, store: store, limits: limits)
      report.proof = authorizer.authorize(normalized, auth: auth, time: time, database: database)
      report.rulesSource = ruleset.source
    }
    let engine = QueryEngine(store: store)
    if report.proof?.allowed ?? true {
      report.result = engine.execute(normalized)
    }
    // Query Explain runs with IAM, not the rules: its figures do not depend on the proof.
    switch explain {
    case .off:
      // The engine bills by ReadBilling too, but only a scan of the serving indexes knows the
      // entries it reads beyond the documents returned: when the bill counts them, scan.
      if report.result != nil, ReadBilling.countsIndexEntries(normalized) {
        report.explain = QueryExplainer.explain(normalized, serving: serving, engine: engine, scale: scale)
      }
    case .plan: report.explain = QueryExplainer.plan(serving)
    case .analyze:
      report.explain = QueryExplainer.explain(normalized, serving: serving, engine: engine, scale: scale)
    }
    return report
  }

  /// Decides one single-document request as an app sends it (`DocumentRequest`: the same
  /// meaning of each word as suites and the REPL): a write Firestore fails before the rules run
  /// (`create` of an existing document, `update` of a missing one) is reported as refused.
  package func run(_ document: DocumentRequest, auth: Auth?, time: Timestamp) -> DocumentReport {
    switch document.resolve(on: store, database: database, auth: auth, time: time) {
    case .success(let request):
      return run(request)
    case .failure(let refusal):
      var report = DocumentReport(
        request: Request(
          method: document.attemptedMethod, path: document.path, database: database, auth: auth, time: time))
      report.refusal = refusal
      return report
    }
  }

  /// Decides one single-document request with the evaluator (full trace, for explanations).
  /// `get` also returns the stored document when allowed.
  package func run(_ request: Request) -> DocumentReport {
    var report = DocumentReport(request: request)
    if let ruleset {
      let evaluator = Evaluator(ruleset: ruleset, options: EvaluationOptions(traceLevel: .full, limits: limits))
      report.decision = evaluator.evaluate(request, store: store)
      report.rulesSource = ruleset.source
    }
    if request.method == .get, report.decision?.allowed ?? true {
      report.document = store.document(at: request.path)
      report.looked = true
    }
    return report
  }
}
