import FirestoreModel

/// `get`, `exists`, `getAfter` and `existsAfter` (spec §4.19): document lookups with the
/// access-call limits of §6.8 (10 per request, 20 per batch; a repeated lookup of the same
/// document in the same state is served from cache and not charged again).
extension EvaluationContext {
  /// Runs lookup function `function` on `argument`.
  func lookup(_ function: String, _ argument: RulesValue) throws(EvalError) -> Outcome {
    guard case .path(let path) = argument else {
      return .failure(.unsupported(received: "\(function)(\(argument.typeName))", expected: "\(function)(path)"))
    }
    let isAfter = function == "getAfter" || function == "existsAfter"
    let wantsDocument = function == "get" || function == "getAfter"
    guard let documentPath = documentPath(of: path) else {
      return .failure(Self.serviceCallError(function, path, database: database))
    }
    let state: DocumentStore
    if isAfter {
      guard let after else {
        return .failure(.unsupported(received: "\(function)(path) on a read", expected: "\(function)(path) on a write"))
      }
      state = after
    } else {
      state = store
    }
    let key = LookupKey(path: documentPath, after: isAfter)
    let isNew = !charged.contains(key)
    if isNew {
      if charged.count + 1 > limits.lookupsPerRequest { throw .tooManyLookups(limits.lookupsPerRequest) }
      if batchLookupsBefore + charged.count + 1 > limits.lookupsPerBatch {
        throw .tooManyBatchLookups(limits.lookupsPerBatch)
      }
      charged.append(key)
    }
    let document = state.document(at: documentPath)
    lookupTraces.append(LookupTrace(function: function, path: documentPath, found: document != nil, charged: isNew))
    if !wantsDocument { return .success(.bool(document != nil)) }
    guard let document else { return .failure(Self.serviceCallError(function, path, database: database)) }
    return .success(resourceMap(document.path, document.fields))
  }

  /// The document path inside this database that a rules path names, or nil when it names
  /// no document of this database (another database, a collection, or a malformed path).
  private func documentPath(of path: RulesPath) -> ResourcePath? {
    let segments = path.segments
    guard segments.count >= 5, segments[0] == "databases", segments[1] == database, segments[2] == "documents"
    else { return nil }
    let relative = ResourcePath(segments: Array(segments[3...]))
    guard relative.isDocument, !relative.segments.contains(where: \.isEmpty) else { return nil }
    return relative
  }

  /// The error of a lookup that finds no document: `get() found no document at /rooms/r1.`, or
  /// for a path that names no document of this database, `get() of /databases/(default)/documents/rooms:
  /// not a document path of database (default).` Google's engine says `Service call error.
  /// Function: [get], Argument: [path_value { segments { simple: "databases" } ... }].`; the
  /// verdict is the same (an error, so the allow fails), the wording names the path plainly
  /// instead of in protobuf text (Docs/fidelity/evaluator.md).
  static func serviceCallError(_ function: String, _ path: RulesPath, database: String) -> EvalError {
    let segments = path.segments
    if segments.count >= 5, segments[0] == "databases", segments[1] == database, segments[2] == "documents" {
      let relative = ResourcePath(segments: Array(segments[3...]))
      if relative.isDocument, !relative.segments.contains(where: \.isEmpty) {
        return EvalError("\(function)() found no document at /\(relative).")
      }
    }
    return EvalError("\(function)() of \(path): not a document path of database \(database).")
  }
}
