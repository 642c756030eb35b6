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
  /// The service whose rules run (what `request` and `resource` hold, the lookup budget).
  let service: RulesService
  /// The stored documents before the request (what `get`/`exists` read).
  let store: DocumentStore
  /// Cloud Storage: the stored objects (what `resource` reads).
  let objects: ObjectStore
  /// Cloud Storage: which reading of unset optional object fields this evaluation uses, and
  /// whether `request.method` is defined (F5, F6 of Docs/fidelity/storage.md).
  var unsetFields: StorageObject.UnsetFields = .null
  var methodDefined = true
  /// Set when the evaluation read `request.method` (Storage: the decision then depends on F5).
  var readMethod = false
  /// The distinct documents one request may look up: the options' limit, or the service's
  /// smaller one (Storage: 2).
  let lookupsPerRequest: Int
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
    options: EvaluationOptions, globalOverrides: [String: RulesValue] = [:], batchLookupsBefore: Int = 0,
    objects: ObjectStore = ObjectStore()
  ) {
    self.ruleset = ruleset
    self.request = request
    self.method = request?.method
    self.authValue = request?.authValue ?? .null
    self.store = store
    let service = ruleset?.service ?? .firestore
    self.service = service
    self.objects = objects
    // Storage rules read the (default) database only; the request's `database` is its bucket.
    self.database = service.lookupDatabase ?? database
    self.lookupsPerRequest =
      service.lookupsPerRequest < RulesLimits.lookupsPerRequest
      ? min(options.limits.lookupsPerRequest, service.lookupsPerRequest) : options.limits.lookupsPerRequest
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
    if service.kind == .storage {
      if let resourceCache { return resourceCache }
      let value = storedObject().map(Self.objectValue) ?? .null
      resourceCache = .success(value)
      return .success(value)
    }
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

  /// Cloud Storage: the stored object at the request's path with its defaults, or nil (a list
  /// has no object: `resource` is null there).
  func storedObject() -> [String: Value]? {
    guard let request, request.method != .list else { return nil }
    let name = request.path.segments.joined(separator: "/")
    guard let fields = objects.object(named: name) else { return nil }
    return StorageObject.stored(name: name, bucket: request.database, fields, time: request.time, unset: unsetFields)
  }

  /// Cloud Storage: `request.resource`: the uploaded object on `create`, the stored object
  /// with the changes on `update`, null otherwise.
  func writtenObject() -> RulesValue {
    guard let request else { return .null }
    let name = request.path.segments.joined(separator: "/")
    switch request.method {
    case .create:
      return Self.objectValue(
        StorageObject.uploaded(name: name, bucket: request.database, request.resourceData ?? [:], unset: unsetFields))
    case .update:
      let stored =
        storedObject()
        ?? StorageObject.stored(name: name, bucket: request.database, [:], time: request.time, unset: unsetFields)
      return Self.objectValue(StorageObject.patched(stored: stored, request.resourceData ?? [:], time: request.time))
    case .get, .list, .delete:
      return .null
    }
  }

  /// Object metadata as a rules map (custom metadata a map of strings).
  static func objectValue(_ fields: [String: Value]) -> RulesValue {
    var map: [String: RulesValue] = [:]
    for (key, value) in fields { map[key] = RulesValue(firestore: value, database: "(default)") }
    return .map(map)
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
