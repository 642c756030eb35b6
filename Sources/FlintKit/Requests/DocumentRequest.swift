import FirestoreModel
import RulesEngine

/// A single-document request as an app sends it, and the one meaning of each request word in
/// every front end (`flint test` suites, `flint query`, `flint repl` and the `Flint` API):
///
/// - `get`: reads the document (missing or not).
/// - `create`: writes a new document; Firestore answers ALREADY_EXISTS when it exists.
/// - `update`: changes the given fields of the stored document (`"a.b"` paths, transforms), as the
///   SDKs' `update()`; Firestore answers NOT_FOUND when the document is missing.
/// - `set`: replaces the document (or, with `merge`/`mergeFields`, merges into it), as `set()`:
///   a `create` for the rules when the document is missing, else an `update`.
/// - `delete`: deletes the document (missing or not).
///
/// The preconditions are decided before the rules run (`resolve`): a refused write never reaches
/// the evaluator, and its outcome is the refusal, not an allow (spec §6.2; Docs/fidelity/test-and-expr.md).
package struct DocumentRequest: Sendable {
  /// The request words.
  package enum Kind: String, Sendable, CaseIterable {
    case get
    case create
    case update
    case set
    case delete

    /// Whether the word takes document data.
    package var takesData: Bool { self == .create || self == .update || self == .set }
  }

  package var kind: Kind
  /// The document, relative to `/databases/<database>/documents`.
  package var path: ResourcePath
  /// For `create`, `update` and `set`: what the write sends. The document after it (what
  /// `request.resource.data` holds) is `write.document(after: stored)`.
  package var write: ClientWrite?

  package init(kind: Kind, path: ResourcePath, write: ClientWrite? = nil) {
    self.kind = kind
    self.path = path
    self.write = write
  }

  /// The rules request this request makes on `store` (the documents before it), or the
  /// precondition Firestore fails it with before the rules run.
  package func resolve(on store: DocumentStore, database: String = DatabaseID.default, auth: Auth?, time: Timestamp)
    -> Result<Request, PreconditionFailure>
  {
    let stored = store.document(at: path)?.fields
    var request = Request(method: .get, path: path, database: database, auth: auth, time: time)
    switch kind {
    case .get: break
    case .delete: request.method = .delete
    case .create:
      if stored != nil { return .failure(.alreadyExists(path)) }
      request.method = .create
    case .update:
      if stored == nil { return .failure(.notFound(path)) }
      request.method = .update
    case .set:
      request.method = stored == nil ? .create : .update
    }
    if kind.takesData {
      // No data: `create`/`set` write an empty document, `update` changes nothing.
      request.resourceData = (write ?? (kind == .update ? .update([]) : .set([:]))).document(after: stored)
    }
    return .success(request)
  }

  /// The rules method a refused request would have had (for messages and reports).
  package var attemptedMethod: RequestMethod {
    switch kind {
    case .get: .get
    case .create: .create
    case .update, .set: .update
    case .delete: .delete
    }
  }
}

/// Why Firestore refuses a write before its rules run: the outcome the app sees instead of an
/// allow or a permission error.
package enum PreconditionFailure: Error, Sendable, Hashable {
  /// `create` of a document that exists: ALREADY_EXISTS.
  case alreadyExists(ResourcePath)
  /// `update` of a document that does not exist: NOT_FOUND.
  case notFound(ResourcePath)

  /// The gRPC status the app sees: `NOT_FOUND`, `ALREADY_EXISTS`.
  package var code: String {
    switch self {
    case .alreadyExists: "ALREADY_EXISTS"
    case .notFound: "NOT_FOUND"
    }
  }

  /// The document the write targeted.
  package var path: ResourcePath {
    switch self {
    case .alreadyExists(let path), .notFound(let path): path
    }
  }

  /// `update /users/bob: NOT_FOUND: no document to update (set or create makes one)`.
  package var message: String {
    switch self {
    case .alreadyExists(let path):
      "create /\(path): ALREADY_EXISTS: the document exists (set replaces it, update merges)"
    case .notFound(let path):
      "update /\(path): NOT_FOUND: no document to update (set or create makes one)"
    }
  }
}

extension DocumentRequest {
  /// The request `kind PATH JSON` as `flint query` and the REPL take it: `json` is the whole
  /// document for `create` and `set`, the changed fields for `update` (plain or tagged JSON, field
  /// transforms such as `{"__increment__": 1}` allowed); nil for `get` and `delete`.
  /// - Throws: `JSONError` naming the JSON path, with `name` as the input's name.
  package static func read(
    _ kind: Kind, path: ResourcePath, json text: String?, time: Timestamp, name: String = "--data-json"
  ) throws(JSONError) -> DocumentRequest {
    guard kind.takesData else { return DocumentRequest(kind: kind, path: path) }
    guard let text else { return DocumentRequest(kind: kind, path: path, write: kind == .update ? nil : .set([:])) }
    let json = try JSONParser.parse(text, file: name)
    let reader = ClientWriteReader(decoder: TaggedJSONDecoder(requestTime: time))
    return DocumentRequest(kind: kind, path: path, write: try reader.write(for: kind, json, at: .root))
  }
}
