import FirestoreModel
import RulesLanguage

/// `get`, `exists`, `getAfter` and `existsAfter` (spec §4.19): document lookups with the
/// access-call limits of §6.8 (10 per request, 20 per batch; a repeated lookup of the same
/// document in the same state is served from cache and not charged again).
extension EvaluationContext {
  /// Runs lookup function `lookup` on `argument`.
  func lookup(_ lookup: LookupFunction, _ argument: RulesValue) throws(EvalError) -> Outcome {
    let function = service.spelling(of: lookup)
    guard case .path(let path) = argument else {
      return .failure(.unsupported(received: "\(function)(\(argument.typeName))", expected: "\(function)(path)"))
    }
    let isAfter = lookup.readsAfterWrite
    let wantsDocument = lookup.returnsDocument
    guard let documentPath = documentPath(of: path) else {
      return .failure(Self.serviceCallError(function, path, database: database, missing: false))
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
      if charged.count + 1 > lookupsPerRequest { throw .tooManyLookups(lookupsPerRequest) }
      if batchLookupsBefore + charged.count + 1 > limits.lookupsPerBatch {
        throw .tooManyBatchLookups(limits.lookupsPerBatch)
      }
      charged.append(key)
    }
    let document = state.document(at: documentPath)
    lookupTraces.append(LookupTrace(function: function, path: documentPath, found: document != nil, charged: isNew))
    if !wantsDocument { return .success(.bool(document != nil)) }
    guard let document else {
      return .failure(Self.serviceCallError(function, path, database: database, missing: true))
    }
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

  /// `Service call error. Function: [get], Argument: [/databases/(default)/documents/users/zed]: the document does not exist.`
  /// (`missing`), else why the path names no document of `database`: another database's, or
  /// not a document path.
  ///
  /// Production prints the argument as protobuf text (`path_value { segments { simple: "databases" } ... }`);
  /// Flint prints the path itself and why it failed (Docs/fidelity/evaluator.md).
  static func serviceCallError(_ function: String, _ path: RulesPath, database: String, missing: Bool) -> EvalError {
    let segments = path.segments
    let why: String
    if missing {
      why = "the document does not exist"
    } else if segments.count >= 3, segments[0] == "databases", segments[2] == "documents", segments[1] != database {
      why = "rules read only the database of the request, \(database), not \(segments[1])"
    } else {
      why = "not a document path"
    }
    return EvalError("Service call error. Function: [\(function)], Argument: [\(path)]: \(why).")
  }
}
