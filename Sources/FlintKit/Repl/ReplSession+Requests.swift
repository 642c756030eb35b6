import FirestoreModel
import RulesEngine

/// Single-document requests (`get`, `create`, `update`, `set`, `delete`) and batches.
extension ReplSession {
  /// Reads the path and JSON of a request line; errors point at their column.
  func parseRequest(
    _ kind: ReplWrite.Kind, path text: String, pathColumn: Int, json: String?, jsonColumn: Int, line: String
  ) -> Result<TypedRequest, ReplOutcome> {
    guard let path = PlaygroundInput.documentPath(text) else {
      let shown = ReplShown.word(text)
      let error = ReplParseError(
        "'\(shown)' is not a document path (collection/id, an even number of segments)", column: pathColumn)
      return .failure(.message(ReplRenderer.parseError(error, line: line, style: style), parseFailed: true))
    }
    let request: DocumentRequest
    do {
      request = try DocumentRequest.read(kind, path: path, json: json, time: time, name: "json")
    } catch {
      return .failure(
        .message(ReplRenderer.jsonError(error, line: line, column: jsonColumn, style: style), parseFailed: true))
    }
    return .success(TypedRequest(request: request, line: line))
  }

  /// The rules request for a typed request against `documents` (the data before it), or
  /// why Firestore refuses it before the rules run (`create` of an existing document,
  /// `update` of a missing one): `DocumentRequest.resolve`, as everywhere else.
  func rulesRequest(_ typed: TypedRequest, on documents: DocumentStore) -> Result<Request, PreconditionFailure> {
    typed.request.resolve(on: documents, database: database, auth: auth, time: time)
  }

  /// Decides one request and, when it is an allowed write (and `:commit on`), applies it.
  mutating func runRequest(_ typed: TypedRequest) -> ReplOutcome {
    let request: Request
    switch rulesRequest(typed, on: store) {
    case .success(let built): request = built
    case .failure(let failure):
      return .message(ReplRenderer.precondition(failure, kind: typed.kind, style: style))
    }
    guard let rules else {
      return .message(ReplRenderer.noRules(request, style: style))
    }
    let playground = QueryPlayground(ruleset: rules.ruleset, store: store, database: database)
    let report = playground.run(request)
    guard let decision = report.decision else { return ReplOutcome() }
    var text = ReplRenderer.decision(decision, request: request, rules: rules, explain: explain, style: style)
    if decision.allowed {
      if request.method == .get {
        text += report.document.map { "  " + ReplRenderer.documentLine($0) } ?? "  /\(request.path) does not exist\n"
      } else {
        text += apply([request])
      }
    }
    return .message(text)
  }

  /// Applies allowed writes to the session's data (unless `:commit off`); says what happened.
  mutating func apply(_ writes: [Request]) -> String {
    guard applyWrites else { return "  not applied (:commit off)\n" }
    for write in writes {
      switch write.method {
      case .create, .update: store.put(Document(path: write.path, fields: write.resourceData ?? [:]))
      case .delete: store.remove(at: write.path)
      case .get, .list: break
      }
    }
    return "  applied to the session's data (\(ReplRenderer.count(store.count, "document")))\n"
  }

  /// Inside a batch: queues writes, commits or aborts; nil for commands that run as usual.
  mutating func queueInBatch(_ command: ReplCommand, line: String) -> ReplOutcome? {
    switch command {
    case .request(.get, _, _, _, _), .query:
      return .message("a batch holds writes only: :commit or :abort first\n", failed: true)
    case .request(let kind, let path, let pathColumn, let json, let jsonColumn):
      switch parseRequest(kind, path: path, pathColumn: pathColumn, json: json, jsonColumn: jsonColumn, line: line) {
      case .failure(let error): return error
      case .success(let typed):
        batch?.append(typed)
        return .message("queued \(batch?.count ?? 0): \(kind.rawValue) /\(typed.path)\n")
      }
    case .batchCommit: return commitBatch()
    case .batchAbort:
      let count = batch?.count ?? 0
      batch = nil
      return .message("batch aborted: \(ReplRenderer.count(count, "write")) dropped\n")
    case .batchBegin: return .message("already in a batch (\(batch?.count ?? 0) writes queued)\n", failed: true)
    default: return nil
    }
  }

  /// Decides the queued writes all-or-nothing (`getAfter` sees the whole batch).
  mutating func commitBatch() -> ReplOutcome {
    let typed = batch ?? []
    batch = nil
    guard !typed.isEmpty else { return .message("empty batch: nothing to commit\n") }
    var working = store
    var requests: [Request] = []
    for write in typed {
      switch rulesRequest(write, on: working) {
      case .failure(let failure):
        let text = "\(style.verdict(false)) batch of \(ReplRenderer.count(typed.count, "write")): nothing applied\n"
        return .message(text + "  " + ReplRenderer.precondition(failure, kind: write.kind, style: style))
      case .success(let request):
        requests.append(request)
        working = ReplSession.applying(request, to: working)
      }
    }
    guard let rules else {
      return .message(
        "\(style.verdict(false)) batch of \(ReplRenderer.count(typed.count, "write")): no rules loaded (:load rules FILE)\n"
      )
    }
    let evaluator = Evaluator(ruleset: rules.ruleset, options: EvaluationOptions(traceLevel: .full))
    let result = evaluator.evaluate(batch: requests, store: store)
    var text = "\(style.verdict(result.allowed)) batch of \(ReplRenderer.count(typed.count, "write"))"
    text += result.allowed ? "\n" : ": nothing applied\n"
    if let breach = result.limitBreach { text += "  limit exceeded: \(breach)\n" }
    for (request, decision) in zip(requests, result.decisions) {
      let shown = ReplRenderer.decision(decision, request: request, rules: rules, explain: explain, style: style)
      text += shown.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  \($0)\n" }.joined()
    }
    if result.allowed { text += apply(requests) }
    return .message(text)
  }

  static func applying(_ write: Request, to documents: DocumentStore) -> DocumentStore {
    var after = documents
    switch write.method {
    case .create, .update: after.put(Document(path: write.path, fields: write.resourceData ?? [:]))
    case .delete: after.remove(at: write.path)
    case .get, .list: break
    }
    return after
  }
}
