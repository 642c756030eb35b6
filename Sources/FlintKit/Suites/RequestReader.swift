import FirestoreModel
import Queries
import RulesEngine
import RulesLanguage

/// Reads one `request` object of a suite case:
/// `{"method", "path", "auth", "time", "data", "update", "set", "merge", "mergeFields", "query"}`
/// (unknown keys are errors).
///
/// A write is given as `data` (the complete document after it), as `update` (only the
/// changed fields, dotted paths allowed, merged onto the stored document) or as `set` (with
/// `merge: true` or `mergeFields`); `update` and `set` may carry field transforms
/// (`ClientWriteReader`), and `method` may then be left out: `update` is an update, `set`
/// a create when the document is missing and an update otherwise (spec §6.2). Each request
/// word means what `DocumentRequest` says: an `update` of a missing document or a `create` of
/// an existing one is not evaluated; its outcome is NOT_FOUND or ALREADY_EXISTS.
///
/// Paths are relative to `/databases/<database>/documents` (the suite's or case's `database`,
/// `(default)` unless given), with or without a leading `/`.
/// `data` (the complete document after the write) is only for `create`/`update`; `query`
/// (DSL text or the structured JSON form) only for `list`, where it may stand in for `path`.
/// Public so that the `Flint` library builds its requests with exactly the suites' semantics.
package struct RequestReader {
  static let keys: Set<String> = [
    "method", "path", "auth", "time", "data", "update", "set", "merge", "mergeFields", "query",
  ]
  static let methods = RequestMethod.allCases.map(\.rawValue).joined(separator: ", ")

  /// The suite's default `request.time`.
  let defaultTime: Timestamp
  /// The documents the case runs on (for query cursors such as `startAt(snapshot(...))`).
  let store: DocumentStore
  /// The database the requests go to: `request.path` is `/databases/<database>/documents/...`,
  /// and the rules' lookups read this database's documents (`store`).
  let database: String

  /// A reader for requests sent to `database` at `defaultTime` (unless they give a time) on `store`.
  package init(defaultTime: Timestamp, store: DocumentStore, database: String = DatabaseID.default) {
    self.defaultTime = defaultTime
    self.store = store
    self.database = database
  }

  /// Reads one request object; errors name the JSON path under `path` (the first of them:
  /// `readAll` gives every one).
  package func read(_ json: JSONValue, at path: JSONPath) throws(JSONError) -> SuiteRequest {
    let (request, errors) = readAll(json, at: path)
    if let first = errors.first { throw first }
    guard let request else { throw JSONError("invalid request", path: path) }
    return request
  }

  /// Reads one request object, with every problem found: unknown keys, `time` and `auth` are
  /// checked independently of the rest, so one case reports all of its mistakes at once.
  package func readAll(_ json: JSONValue, at path: JSONPath) -> (request: SuiteRequest?, errors: [JSONError]) {
    let object: JSONObject
    do {
      object = try json.object(at: path)
    } catch {
      return (nil, [error])
    }
    var errors: [JSONError] = []
    do {
      try object.rejectUnknownKeys(allowed: Self.keys, at: path)
    } catch {
      errors.append(error)
    }
    var time = defaultTime
    do {
      if let text = try object.optionalString("time", at: path) {
        time = try TaggedJSONDecoder.timestamp(text, at: path.appending("time"))
      }
    } catch {
      errors.append(error)
    }
    var auth: Auth?
    do {
      auth = try readAuth(object["auth"], time: time, at: path.appending("auth"))
    } catch {
      errors.append(error)
    }
    do {
      let request = try readRest(object, auth: auth, time: time, at: path)
      return (errors.isEmpty ? request : nil, errors)
    } catch {
      return (nil, errors + [error])
    }
  }

  /// The method, path, data or write and query of a request whose time and auth are read.
  private func readRest(_ object: JSONObject, auth: Auth?, time: Timestamp, at path: JSONPath) throws(JSONError)
    -> SuiteRequest
  {
    if let write = try readClientWrite(object, auth: auth, time: time, at: path) { return write }
    let method = try readMethod(object, at: path)

    var resourceData: [String: Value]?
    if let data = object["data"] {
      guard method == .create || method == .update else {
        throw JSONError(
          "\"data\" is the document after a write; a \(method.rawValue) request has none", path: path.appending("data"))
      }
      resourceData = try TaggedJSONDecoder(requestTime: time).fields(data, at: path.appending("data"))
    }

    var query: NormalizedQuery?
    if let queryJSON = object["query"] {
      guard method == .list else {
        throw JSONError("\"query\" is only for list requests", path: path.appending("query"))
      }
      query = try readQuery(queryJSON, auth: auth, time: time, at: path.appending("query"))
    }

    let target = try readPath(object, method: method, query: query, at: path)
    guard method == .list else {
      // `data` is the whole document after the write; without it, an empty document.
      let kind: DocumentRequest.Kind =
        switch method {
        case .get, .list: .get
        case .create: .create
        case .update: .update
        case .delete: .delete
        }
      let write = kind.takesData ? ClientWrite.set((resourceData ?? [:]).mapValues(WriteValue.value)) : nil
      return try resolve(
        DocumentRequest(kind: kind, path: target.path, write: write), auth: auth, time: time, at: path.appending("data")
      )
    }
    let request = Request(
      method: method, path: target.path, database: database, auth: auth, time: time,
      query: query.map(QueryDescription.init) ?? QueryDescription(), isCollectionGroup: target.isCollectionGroup)
    return SuiteRequest(request: request, query: query ?? SuiteRequest.unfilteredQuery(for: request))
  }

  /// The rules request `document` makes on the case's data (its document checked against
  /// Firestore's limits, errors at `dataPath`), or the refusal Firestore answers before the
  /// rules run (`DocumentRequest.resolve`, the one meaning of each request word).
  private func resolve(_ document: DocumentRequest, auth: Auth?, time: Timestamp, at dataPath: JSONPath)
    throws(JSONError) -> SuiteRequest
  {
    switch document.resolve(on: store, database: database, auth: auth, time: time) {
    case .failure(let refusal):
      let request = Request(
        method: document.attemptedMethod, path: document.path, database: database, auth: auth, time: time)
      return SuiteRequest(request: request, refusal: refusal)
    case .success(let request):
      if let fields = request.resourceData,
        let first = DocumentLimits.validate(Document(path: request.path, fields: fields)).first
      {
        throw JSONError(first.description, path: dataPath)
      }
      return SuiteRequest(request: request)
    }
  }

  /// A request given as `update` or `set`; nil when it has neither.
  private func readClientWrite(_ object: JSONObject, auth: Auth?, time: Timestamp, at path: JSONPath) throws(JSONError)
    -> SuiteRequest?
  {
    let isUpdate = object["update"] != nil
    guard isUpdate || object["set"] != nil else {
      for key in ["merge", "mergeFields"] where object[key] != nil {
        throw JSONError("\"\(key)\" goes with \"set\"", path: path.appending(key))
      }
      return nil
    }
    for key in ["data", "query"] + (isUpdate ? ["set", "merge", "mergeFields"] : []) where object[key] != nil {
      throw JSONError(
        "\"\(key)\" cannot go with \"\(isUpdate ? "update" : "set")\" (give data, update or set)",
        path: path.appending(key))
    }
    let target = try readPath(object, method: .update, query: nil, at: path)
    let reader = ClientWriteReader(decoder: TaggedJSONDecoder(requestTime: time))
    let write =
      isUpdate
      ? try reader.update(object["update"]!, at: path.appending("update"))
      : try reader.set(object["set"]!, merge: object["merge"], mergeFields: object["mergeFields"], at: path)
    let exists = store.document(at: target.path) != nil
    // `update` is always an update (NOT_FOUND on a missing document); `set` creates or updates.
    let method: RequestMethod = isUpdate || exists ? .update : .create
    if object["method"] != nil {
      let given = try readMethod(object, at: path)
      guard given == method else {
        let why =
          isUpdate
          ? "\"update\" changes a stored document" : "the document \(exists ? "exists" : "is missing")"
        throw JSONError(
          "this write is \(method == .create ? "a create" : "an update") (\(why)), not a \(given.rawValue)",
          path: path.appending("method"))
      }
    }
    let document = DocumentRequest(kind: isUpdate ? .update : .set, path: target.path, write: write)
    return try resolve(document, auth: auth, time: time, at: path.appending(isUpdate ? "update" : "set"))
  }

  private func readMethod(_ object: JSONObject, at path: JSONPath) throws(JSONError) -> RequestMethod {
    let value = try object.value("method", at: path)
    guard case .string(let text) = value, let method = RequestMethod(rawValue: text) else {
      throw JSONError("expected one of \(Self.methods)", path: path.appending("method"))
    }
    return method
  }

  /// `null` (or absent) for an unauthenticated request, else `{"uid": "...", "token": {...claims}}`.
  func readAuth(_ json: JSONValue?, time: Timestamp, at path: JSONPath) throws(JSONError) -> Auth? {
    guard let json, !json.isNull else { return nil }
    let object = try json.object(at: path)
    try object.rejectUnknownKeys(allowed: ["uid", "token"], at: path)
    let uid = try object.string("uid", at: path)
    guard !uid.isEmpty else { throw JSONError("uid must not be empty", path: path.appending("uid")) }
    var claims: [String: Value] = [:]
    if let token = try object.optionalObject("token", at: path) {
      let decoder = TaggedJSONDecoder(requestTime: time)
      for member in token.members {
        claims[member.key] = try decoder.value(member.value, at: path.appending("token").appending(member.key))
      }
    }
    return Auth(uid: uid, claims: claims)
  }

  /// The target: the path given, or the query's collection; both must agree when both are given.
  private func readPath(_ object: JSONObject, method: RequestMethod, query: NormalizedQuery?, at path: JSONPath)
    throws(JSONError) -> (path: ResourcePath, isCollectionGroup: Bool)
  {
    let text = try object.optionalString("path", at: path)
    var target: ResourcePath?
    if let text {
      guard let parsed = ResourcePath(parsing: text), !parsed.segments.isEmpty else {
        throw JSONError("\"\(text)\" is not a valid path (empty segment)", path: path.appending("path"))
      }
      target = parsed
    }
    if let query {
      let fromQuery: ResourcePath
      switch query.scope {
      case .collection(let collection):
        fromQuery = collection
      case .collectionGroup(let id, let parent):
        guard parent.segments.isEmpty else {
          throw JSONError(
            "a collection-group query under a parent document is not supported here", path: path.appending("query"))
        }
        fromQuery = ResourcePath(segments: [id])
      }
      if let target, target != fromQuery {
        throw JSONError(
          "path \"\(target)\" differs from the query's collection \"\(fromQuery)\"", path: path.appending("path"))
      }
      return (fromQuery, query.scope.isCollectionGroup)
    }
    guard let target else { throw JSONError("missing required key \"path\"", path: path) }
    var shape: String {
      "\"\(text ?? "")\" has \(target.segments.count) segment\(target.segments.count == 1 ? "" : "s")"
    }
    if method == .list {
      guard target.isCollection else {
        throw JSONError(
          "a list request targets a collection: \(shape); a collection path has an odd number",
          path: path.appending("path"))
      }
    } else if !target.isDocument {
      throw JSONError(
        "a \(method.rawValue) request targets a document: \(shape); a document path has an even number (collection/id)",
        path: path.appending("path"))
    }
    return (target, false)
  }

  /// DSL text or the structured form, validated and normalized as the SDK and backend would.
  private func readQuery(_ json: JSONValue, auth: Auth?, time: Timestamp, at path: JSONPath) throws(JSONError)
    -> NormalizedQuery
  {
    var bindings: [String: Value] = ["request.time": .timestamp(time)]
    if let auth {
      bindings["request.auth"] = .map(["uid": .string(auth.uid), "token": .map(auth.token)])
    }
    let context = QueryContext(bindings: bindings, store: store)
    let query: Query
    switch json {
    case .string(let text):
      let source = SourceFile(name: "<query>", text: text)
      let parsed = QueryParser.parse(source)
      if let problem = parsed.diagnostics.first(where: { $0.severity == .error }) {
        throw JSONError(Self.queryProblem(problem, source), path: path)
      }
      guard let parsedQuery = parsed.query else { throw JSONError("invalid query", path: path) }
      query = parsedQuery
      do {
        return QueryNormalizer.normalize(try QueryValidator.validate(query, context: context))
      } catch {
        throw JSONError(Self.queryProblem(error.diagnostic, source), path: path)
      }
    case .object:
      query = try StructuredQueryReader.read(json, at: path)
      do {
        return QueryNormalizer.normalize(try QueryValidator.validate(query, context: context))
      } catch {
        throw JSONError("invalid query: \(error.message)", path: path)
      }
    default:
      throw json.mismatch("query text or a structured query object", at: path)
    }
  }

  /// `invalid query at column 12: message`.
  static func queryProblem(_ diagnostic: Diagnostic, _ source: SourceFile) -> String {
    let column = source.location(of: diagnostic.range.start).column
    return "invalid query at column \(column): \(diagnostic.message)"
  }
}
