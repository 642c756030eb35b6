import FirestoreModel
import RulesLanguage

/// The result of evaluating an expression: a value, or `⊥` (an ordinary error value).
/// Limit breaches are not outcomes: they are thrown and end the whole request.
typealias Outcome = Result<RulesValue, EvalError>

/// The mutable state of evaluating one request (or one standalone expression): the
/// globals, the budget and lookup counters, and the optional trace recorder.
///
/// One context is used by one evaluation on one thread; it is never shared.
final class EvaluationContext {
  let ruleset: Ruleset?
  let request: Request?
  /// The request's method and `request.auth`, copied out so hot paths do not copy `request`.
  let method: RequestMethod?
  let authValue: RulesValue
  /// The database every lookup must address.
  let database: String
  /// The stored documents before the request (what `get`/`exists` read).
  let store: DocumentStore
  /// The documents as if the write (or the whole batch) succeeded; built on first use.
  private var afterState: DocumentStore?
  /// The writes that produce `afterState` from `store`, applied when first needed.
  private let pendingWrites: [Request]?
  let limits: EvaluationLimits
  /// Names bound by the caller of `Evaluator.evaluate(expression:...)`; they stand in
  /// for globals, so functions see them too.
  let globalOverrides: [String: RulesValue]
  private let hasOverrides: Bool
  /// The caller's `request` and `resource`, looked up once, on first use.
  lazy var requestOverride: RulesValue? = override("request")
  lazy var resourceOverride: RulesValue? = override("resource")

  /// Expressions evaluated so far (the 1,000-expression budget).
  var steps = 0
  /// The user functions currently executing, outermost first.
  var callStack: [Int] = []
  /// Lookups already charged to this request, in first-use order.
  var charged: [LookupKey] = []
  /// Lookups charged by earlier requests of the same batch.
  let batchLookupsBefore: Int
  var lookupTraces: [LookupTrace] = []
  var debugOutputs: [DebugOutput] = []
  /// Set when a `list` evaluation read something that only the query's constraints know.
  var touchedUnknown = false
  let tracer: TraceRecorder?

  private var resourceCache: Outcome?

  init(
    ruleset: Ruleset?, request: Request?, store: DocumentStore, database: String,
    afterState: DocumentStore? = nil, pendingWrites: [Request]? = nil,
    options: EvaluationOptions, globalOverrides: [String: RulesValue] = [:], batchLookupsBefore: Int = 0
  ) {
    self.ruleset = ruleset
    self.request = request
    self.method = request?.method
    self.authValue = request?.authValue ?? .null
    self.store = store
    self.database = database
    self.afterState = afterState
    self.pendingWrites = pendingWrites
    self.limits = options.limits
    self.globalOverrides = globalOverrides
    self.hasOverrides = !globalOverrides.isEmpty
    self.batchLookupsBefore = batchLookupsBefore
    self.tracer = options.traceLevel == .full ? TraceRecorder() : nil
  }

  /// The caller's binding for a global name, if any.
  @inline(__always)
  func override(_ name: String) -> RulesValue? {
    guard hasOverrides else { return nil }
    return globalOverrides.value(named: name)
  }

  /// The state `getAfter`/`existsAfter` read, or nil when the request is not a write.
  var after: DocumentStore? {
    if let afterState { return afterState }
    guard let pendingWrites else { return nil }
    let built = Evaluator.applying(pendingWrites, to: store)
    afterState = built
    return built
  }

  /// The `resource` global: the stored target document (null when missing); for `list`
  /// an unknown value (the query's documents), flagged so the outcome says so.
  func resourceValue() -> Outcome {
    if let value = resourceOverride { return .success(value) }
    guard let method else { return .failure(.variableNotFound("resource")) }
    if method == .list {
      touchedUnknown = true
      return .failure(.needsQueryConstraints)
    }
    if let resourceCache { return resourceCache }
    guard let request else { return .failure(.variableNotFound("resource")) }
    let value: RulesValue =
      store.document(at: request.path).map { resourceMap($0.path, $0.fields) } ?? .null
    resourceCache = .success(value)
    return .success(value)
  }

  /// A document as rules see it: `{data, id, __name__}`.
  func resourceMap(_ path: ResourcePath, _ fields: [String: Value]) -> RulesValue {
    var data: [String: RulesValue] = [:]
    data.reserveCapacity(fields.count)
    for (key, value) in fields { data[key] = RulesValue(firestore: value, database: database) }
    return .map([
      "data": .map(data),
      "id": .string(path.lastSegment ?? ""),
      "__name__": .path(fullPath(path)),
    ])
  }

  /// `/databases/<db>/documents/<path>` as a rules path.
  func fullPath(_ path: ResourcePath) -> RulesPath {
    RulesPath(segments: ["databases", database, "documents"] + path.segments)
  }

  /// Counts one expression evaluation against the budget.
  @inline(__always)
  func step() throws(EvalError) {
    steps += 1
    if steps > limits.expressions { throw .expressionBudget(limits.expressions) }
  }
}

/// Cheap tests for the global names the evaluator special-cases (length first, so most
/// other identifiers are rejected without a string comparison).
enum GlobalName {
  @inline(__always)
  static func isRequest(_ name: String) -> Bool { name.utf8.count == 7 && name == "request" }

  @inline(__always)
  static func isResource(_ name: String) -> Bool { name.utf8.count == 8 && name == "resource" }
}

/// A charged lookup: which document, in which state (before or after the write).
struct LookupKey: Hashable, Sendable {
  var path: ResourcePath
  var after: Bool
}
