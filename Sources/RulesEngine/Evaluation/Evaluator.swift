import FirestoreModel
import RulesLanguage

/// Evaluates requests against a `Ruleset`: matching, allow statements, expressions,
/// lookups and limits, with an explanation of the decision.
///
/// A request is allowed iff some `allow` in a completely matching block covers its method
/// and its condition is exactly `true` (spec §6.4). Allows run in source order and
/// evaluation stops at the first that grants. A limit breach denies the whole request.
package struct Evaluator: Sendable {
  package let ruleset: Ruleset
  package var options: EvaluationOptions

  package init(ruleset: Ruleset, options: EvaluationOptions = EvaluationOptions()) {
    self.ruleset = ruleset
    self.options = options
  }

  /// Decides one request against the documents in `store`. For writes, `getAfter` and
  /// `existsAfter` see `store` with this write applied.
  package func evaluate(_ request: Request, store: DocumentStore) -> Decision {
    let context = EvaluationContext(
      ruleset: ruleset, request: request, store: store, database: request.database,
      pendingWrites: request.method.isWrite ? [request] : nil,
      options: options)
    return decide(request, context)
  }

  /// Decides one Cloud Storage request: the object at `request.path` in `objects` is
  /// `resource`, the documents in `documents` are what `firestore.get()` reads. Where the
  /// sources leave the meaning open (Docs/fidelity/storage.md), every reading is evaluated and
  /// the request is allowed only if all of them allow it: an upload over an existing object as
  /// `create` and as `update` (F1), unset optional fields as null and as absent (F6),
  /// `request.method` defined and not (F5).
  package func evaluate(_ request: Request, objects: ObjectStore, documents: DocumentStore = DocumentStore())
    -> Decision
  {
    let name = request.path.segments.joined(separator: "/")
    let overwrite = request.method == .create && objects.object(named: name) != nil
    let context = storageContext(request, objects, documents)
    var decision = decide(request, context)
    guard decision.allowed, ruleset.service.kind == .storage else { return decision }
    if request.method == .update, objects.object(named: name) == nil {
      // A metadata update of a missing object fails with 404 whatever the rules say: never an allow.
      decision.allowed = false
      decision.trace.requestProblem = "Cloud Storage answers 404 (object not found): there is no /\(name) to update."
      return decision
    }
    var readings: [(what: String, context: EvaluationContext, request: Request)] = []
    let unset =
      StorageObject.hasUnsetFields(objects.object(named: name))
      || (request.method.isWrite && StorageObject.hasUnsetFields(request.resourceData ?? [:]))
    if unset {
      let absent = storageContext(request, objects, documents)
      absent.unsetFields = .absent
      readings.append(("an unset optional field of the object read as absent rather than null (F6)", absent, request))
    }
    if context.readMethod {
      let undefined = storageContext(request, objects, documents)
      undefined.methodDefined = false
      readings.append(("request.method undefined, as the emulator leaves it (F5)", undefined, request))
    }
    if overwrite {
      var update = request
      update.method = .update
      readings.append(
        (
          "the upload over an existing object read as an update (F1)", storageContext(update, objects, documents),
          update
        ))
    }
    for reading in readings {
      let other = decide(reading.request, reading.context)
      if !other.allowed {
        decision.allowed = false
        decision.trace.unsettled =
          "Allowed as Flint reads the request, denied with \(reading.what): Flint denies what the sources leave open (Docs/fidelity/storage.md)."
        return decision
      }
    }
    return decision
  }

  private func storageContext(_ request: Request, _ objects: ObjectStore, _ documents: DocumentStore)
    -> EvaluationContext
  {
    EvaluationContext(
      ruleset: ruleset, request: request, store: documents, database: request.database, options: options,
      objects: objects)
  }

  /// The documents after applying `writes` in order (creates/updates put their complete
  /// document, deletes remove it; reads are ignored).
  static func applying(_ writes: [Request], to store: DocumentStore) -> DocumentStore {
    var after = store
    for write in writes {
      switch write.method {
      case .create, .update: after.put(Document(path: write.path, fields: write.resourceData ?? [:]))
      case .delete: after.remove(at: write.path)
      case .get, .list: break
      }
    }
    return after
  }

  /// Runs matching and the candidate allows of `request` in `context`.
  func decide(_ request: Request, _ context: EvaluationContext) -> Decision {
    let service = ruleset.service
    var trace = DecisionTrace(method: request.method, requestPath: request.path, database: request.database)
    trace.root = service.rootSegments(binding: request.database)
    let recording = options.traceLevel > .none
    trace.level = options.traceLevel
    if let problem = service.shapeProblem(of: request) {
      trace.requestProblem = problem
      return Decision(allowed: false, trace: trace, lookups: [])
    }
    if service.listNeedsVersion2, request.method == .list, ruleset.version == .v1 {
      trace.requestProblem =
        "\(service.title) grants list only under rules_version = '2'; this file is version 1, so every list is denied."
      return Decision(allowed: false, trace: trace, lookups: [])
    }
    let nodes = ruleset.nodes
    let elements = service.matchElements(of: request)
    let matches = RequestMatcher.matches(nodes, elements)
    // Candidates as (match position, allow index in its node, source order).
    var candidates: [(match: Int, allow: Int, order: Int)] = []
    for (position, match) in matches.enumerated() {
      if recording {
        trace.matches.append(
          MatchTrace(
            pattern: nodes[match.node].patternText, range: nodes[match.node].pathRange,
            bindings: match.bindings.map { VariableBinding(name: $0.name, value: try? $0.value.outcome.get()) }))
      }
      for (index, rule) in nodes[match.node].allows.enumerated() where rule.covers(request.method) {
        candidates.append((position, index, rule.order))
      }
    }
    if matches.count > 1 { candidates.sort { $0.order < $1.order } }
    if options.traceLevel == .full && matches.isEmpty {
      trace.nearestMatch = NearestMatch.find(nodes, elements, method: request.method)
    }

    var allowed = false
    if recording { trace.allows.reserveCapacity(candidates.count) }
    for candidate in candidates {
      let match = matches[candidate.match]
      let rule = nodes[match.node].allows[candidate.allow]
      var outcome = AllowOutcome.notEvaluated
      var expression: ExprTrace?
      if !allowed && trace.limitBreach == nil {
        if let condition = rule.statement.condition {
          let env = Environment(
            variables: match.bindings.map { Binding(name: $0.name, value: $0.value.outcome) },
            scope: nodes[match.node].scope)
          (outcome, expression) = Self.evaluateCondition(condition, env, context)
        } else {
          outcome = .granted
        }
        switch outcome {
        case .granted: allowed = true
        case .limitExceeded(let message): trace.limitBreach = message
        default: break
        }
      }
      if recording {
        trace.allows.append(
          AllowTrace(
            matchIndex: candidate.match, methods: rule.statement.methods.map(\.method), range: rule.statement.range,
            conditionRange: rule.statement.condition?.range, line: rule.line, outcome: outcome,
            expression: expression))
      } else if allowed {
        break
      }
    }
    if recording {
      trace.lookups = context.lookupTraces
      trace.debugOutputs = context.debugOutputs
    }
    let charged = context.charged.map(\.path)
    if allowed && trace.limitBreach == nil && options.traceLevel == .full {
      explainLaterGrants(&trace, candidates: candidates, matches: matches, context)
    }
    return Decision(allowed: allowed && trace.limitBreach == nil, trace: trace, lookups: charged)
  }

  /// Evaluates each allow left out after the one that granted, on its own (a fresh budget and
  /// lookup count, its lookups and debug output discarded), and marks those that grant too, so
  /// that an unexpected ALLOW names every statement that would have to change. The decision
  /// and the lookups charged are already settled and do not depend on it.
  private func explainLaterGrants(
    _ trace: inout DecisionTrace, candidates: [(match: Int, allow: Int, order: Int)],
    matches: [RequestMatcher.Match], _ context: EvaluationContext
  ) {
    let nodes = ruleset.nodes
    let saved = (context.steps, context.charged, context.lookupTraces, context.debugOutputs)
    defer { (context.steps, context.charged, context.lookupTraces, context.debugOutputs) = saved }
    for (position, candidate) in candidates.enumerated() where trace.allows[position].outcome == .notEvaluated {
      let match = matches[candidate.match]
      let rule = nodes[match.node].allows[candidate.allow]
      guard let condition = rule.statement.condition else {
        trace.allows[position].alsoGrants = LaterGrant(expression: nil)
        continue
      }
      (context.steps, context.charged) = (0, [])
      let env = Environment(
        variables: match.bindings.map { Binding(name: $0.name, value: $0.value.outcome) },
        scope: nodes[match.node].scope)
      let (outcome, expression) = Self.evaluateCondition(condition, env, context)
      if outcome == .granted { trace.allows[position].alsoGrants = LaterGrant(expression: expression) }
    }
  }

  /// One allow condition's outcome (and its expression tree when tracing).
  static func evaluateCondition(_ condition: Expr, _ env: Environment, _ context: EvaluationContext)
    -> (AllowOutcome, ExprTrace?)
  {
    context.touchedUnknown = false
    let outcome: Outcome
    do {
      outcome = try context.eval(condition, env)
    } catch {
      return (.limitExceeded(error.message), context.tracer?.finish(unwindingWith: .error(error)))
    }
    let expression = context.tracer?.finish(unwindingWith: .notEvaluated)
    let dependsOnQuery = context.touchedUnknown
    switch outcome {
    case .success(.bool(true)):
      return (.granted, expression)
    case .success(.bool(false)):
      return (dependsOnQuery ? .needsQueryConstraints(needsQueryMessage) : .denied, expression)
    case .success(let value):
      return (dependsOnQuery ? .needsQueryConstraints(needsQueryMessage) : .notBoolean(value.typeName), expression)
    case .failure(let error):
      if dependsOnQuery || error == .needsQueryConstraints {
        return (.needsQueryConstraints(needsQueryMessage), expression)
      }
      return (.error(error.message), expression)
    }
  }

  static let needsQueryMessage =
    "Needs query constraints: the condition depends on the queried documents (resource), which only a query proof can decide."
}
