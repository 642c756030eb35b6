extension RulesService {
  /// Cloud Firestore: documents under `/databases/{database}/documents` (rules-language §5).
  package static let firestore = RulesService(
    kind: .firestore, name: "cloud.firestore", title: "Cloud Firestore",
    root: [.literal("databases"), .wildcard("database"), .literal("documents")], rootVariable: "database",
    targetNoun: "document", containerNoun: "collection", subcontainersAreSeparate: true,
    methods: Method.allCases, properties: firestoreProperties,
    documentMembers: documentMembers, ownFunctions: BuiltinNames.table(firestoreLookups), ownNamespaces: [:],
    lookupNamespace: nil, lookups: Set(LookupFunction.allCases), lookupsPerRequest: RulesLimits.lookupsPerRequest,
    lookupsPerBatch: RulesLimits.lookupsPerBatch,
    lookupDatabase: nil, listNeedsVersion2: false)

  /// The members of a Firestore document (`resource`, `get()`'s result), in either service.
  static let documentMembers: [String: ServiceProperty] = [
    "data": ServiceProperty("map", "data: map", "The document's fields."),
    "id": ServiceProperty("string", "id: string", "The document's id (its last path segment)."),
    "__name__": ServiceProperty("path", "__name__: path", "The document's full path."),
  ]

  /// `request` and `resource` in Firestore rules, keyed by dotted name (§5.1-§5.4). `database`
  /// is not here: it exists only where an enclosing `match` binds `{database}`.
  private static let firestoreProperties: [String: ServiceProperty] = [
    "request": ServiceProperty(
      "map", "request",
      "The incoming request: `auth`, `method`, `path`, `query`, `resource`, `time`."),
    "resource": ServiceProperty(
      "resource", "resource: resource",
      "The stored document the request reads or changes (`null` for a create): `data`, `id`, `__name__`. In a list, each document the query may return."
    ),
    "request.auth": ServiceProperty(
      nil, "request.auth: map | null",
      "The signed-in user (`uid`, `token`), or `null` when no one is signed in."),
    "request.auth.uid": ServiceProperty(
      "string", "request.auth.uid: string",
      "The signed-in user's id."),
    "request.auth.token": ServiceProperty(
      "map", "request.auth.token: map",
      "The ID token's claims: `email`, `email_verified`, `firebase.sign_in_provider`, custom claims."),
    "request.method": ServiceProperty(
      "string", "request.method: string",
      "One of get, list, create, update, delete."),
    "request.path": ServiceProperty(
      "path", "request.path: path",
      "The path of the document or collection the request is for."),
    "request.time": ServiceProperty(
      "timestamp", "request.time: timestamp",
      "When the server received the request (and the value of `serverTimestamp()` writes)."),
    "request.resource": ServiceProperty(
      "resource", "request.resource: resource",
      "The document as it would be after the write: for an update, the stored document with the changes merged."),
    "request.resource.data": ServiceProperty(
      "map", "request.resource.data: map",
      "The fields of the document after the write; written by the client, so validate it."),
    "request.query": ServiceProperty(
      "map", "request.query: map",
      "For a list: `limit`, `offset` and `orderBy` of the query (never its filters or selected fields)."),
    "request.query.limit": ServiceProperty(
      "int", "request.query.limit: int",
      "The query's limit, if any."),
    "request.query.offset": ServiceProperty(
      "int", "request.query.offset: int",
      "The query's offset, if any."),
    "request.query.orderBy": ServiceProperty(
      "map", "request.query.orderBy: map",
      "The query's order-by fields."),
    "resource.data": ServiceProperty(
      "map", "resource.data: map",
      "The stored document's fields. Rules grant or deny the whole document: they cannot hide one field."),
    "resource.id": ServiceProperty(
      "string", "resource.id: string",
      "The document's id (its last path segment)."),
    "resource.__name__": ServiceProperty(
      "path", "resource.__name__: path",
      "The document's full path."),
  ]

  /// The lookup functions, unprefixed in Firestore rules (§4.19).
  private static let firestoreLookups: [BuiltinFunction] = [
    BuiltinFunction(
      "get", arity: 1,
      doc: BuiltinDoc(
        "get(path) -> resource",
        "The document at `path` as it is before the request; a missing document is an error (the request is denied). Counts toward the 10/20 lookup limit."
      )),
    BuiltinFunction(
      "exists", arity: 1,
      doc: BuiltinDoc(
        "exists(path) -> bool",
        "Whether a document exists at `path` before the request. Counts toward the lookup limit.")),
    BuiltinFunction(
      "getAfter", arity: 1,
      doc: BuiltinDoc(
        "getAfter(path) -> resource",
        "The document at `path` as it would be after the request (or the whole batch) succeeds.")),
    BuiltinFunction(
      "existsAfter", arity: 1,
      doc: BuiltinDoc(
        "existsAfter(path) -> bool",
        "Whether a document would exist at `path` after the request succeeds.")),
  ]
}
