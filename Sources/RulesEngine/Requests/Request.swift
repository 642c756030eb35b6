import FirestoreModel

/// One request to check against a ruleset: a single-document read (`get`), a query
/// (`list`) or a write (`create`, `update`, `delete`).
///
/// `path` is relative to `/databases/<database>/documents`: a document path for every
/// method except `list`, whose path is the queried collection (or, for a collection-group
/// query, the single collection id with `isCollectionGroup` set).
///
/// Against Cloud Storage rules the same request means an object (`ServiceRequestModel`):
/// `path` is the object name's segments (a list's folder), `database` the bucket and
/// `resourceData` the uploaded object's metadata (or a metadata update's changes).
package struct Request: Sendable {
  /// `request.method`.
  package var method: RequestMethod {
    didSet { matchElements = RequestMatcher.elements(of: self) }
  }
  /// The document (or, for `list`, the collection) the request targets.
  package var path: ResourcePath {
    didSet { matchElements = RequestMatcher.elements(of: self) }
  }
  /// The database id; `request.path` starts `/databases/<database>/documents`.
  package var database: String {
    didSet { matchElements = RequestMatcher.elements(of: self) }
  }
  /// The signed-in user, or nil for an unauthenticated request (`request.auth == null`).
  package var auth: Auth? {
    didSet { authValue = auth?.rulesValue ?? .null }
  }
  /// `request.time`.
  package var time: Timestamp
  /// For `create`/`update`: the complete document after the write (`request.resource.data`),
  /// unchanged fields included. Nil on writes means an empty document.
  package var resourceData: [String: Value]?
  /// For `list`: what `request.query` exposes (limit, offset, orderBy).
  package var query: QueryDescription?
  /// For `list`: the query spans every collection with id `path.lastSegment`, at any depth.
  package var isCollectionGroup: Bool {
    didSet { matchElements = RequestMatcher.elements(of: self) }
  }

  /// `request.auth` converted once, so evaluations do not rebuild it.
  private(set) var authValue: RulesValue
  /// The path as the matcher sees it, computed once.
  private(set) var matchElements: [PathElement] = []

  package init(
    method: RequestMethod,
    path: ResourcePath,
    database: String = DatabaseID.default,
    auth: Auth? = nil,
    time: Timestamp = Timestamp(seconds: 0),
    resourceData: [String: Value]? = nil,
    query: QueryDescription? = nil,
    isCollectionGroup: Bool = false
  ) {
    self.method = method
    self.path = path
    self.database = database
    self.auth = auth
    self.time = time
    self.resourceData = resourceData
    self.query = query
    self.isCollectionGroup = isCollectionGroup
    self.authValue = auth?.rulesValue ?? .null
    self.matchElements = RequestMatcher.elements(of: self)
  }

  /// Why this request cannot be evaluated against Firestore rules (wrong path shape), or nil
  /// when it is well formed.
  var firestoreShapeProblem: String? {
    if path.segments.contains(where: \.isEmpty) { return "A request path cannot have empty segments." }
    // Ids Firestore refuses (`.`, `..`, `__.*__`, over 1,500 bytes) and paths deeper than
    // its 100 collections: denied before matching, whose `**` cost grows with the depth.
    for segment in path.segments {
      if let problem = DocumentLimits.idProblem(segment) {
        let shown = segment.count > 40 ? segment.prefix(40) + "..." : segment[...]
        return "A request path id '\(shown)' \(problem)."
      }
    }
    let collections = (path.segments.count + 1) / 2
    if collections > DocumentLimits.maxCollectionDepth {
      return "A request path is \(collections) collections deep; the limit is \(DocumentLimits.maxCollectionDepth)."
    }
    switch method {
    case .list:
      if isCollectionGroup {
        return path.segments.count == 1 ? nil : "A collection-group query names a single collection id."
      }
      return path.isCollection ? nil : "A list request must target a collection path (odd number of segments)."
    case .get, .create, .update, .delete:
      return path.isDocument
        ? nil : "A \(method.rawValue) request must target a document path (even number of segments)."
    }
  }
}

extension Request {
  /// A single-document read.
  package static func get(_ path: ResourcePath, auth: Auth? = nil, time: Timestamp = Timestamp(seconds: 0)) -> Request {
    Request(method: .get, path: path, auth: auth, time: time)
  }

  /// A query on a collection (or a collection group).
  package static func list(
    _ collection: ResourcePath, query: QueryDescription = QueryDescription(), auth: Auth? = nil,
    time: Timestamp = Timestamp(seconds: 0), isCollectionGroup: Bool = false
  ) -> Request {
    Request(
      method: .list, path: collection, auth: auth, time: time, query: query, isCollectionGroup: isCollectionGroup)
  }

  /// A write creating `path` with `data`.
  package static func create(
    _ path: ResourcePath, data: [String: Value], auth: Auth? = nil, time: Timestamp = Timestamp(seconds: 0)
  ) -> Request {
    Request(method: .create, path: path, auth: auth, time: time, resourceData: data)
  }

  /// A write updating `path`; `data` is the complete document after the update.
  package static func update(
    _ path: ResourcePath, data: [String: Value], auth: Auth? = nil, time: Timestamp = Timestamp(seconds: 0)
  ) -> Request {
    Request(method: .update, path: path, auth: auth, time: time, resourceData: data)
  }

  /// A write deleting `path`.
  package static func delete(_ path: ResourcePath, auth: Auth? = nil, time: Timestamp = Timestamp(seconds: 0))
    -> Request
  {
    Request(method: .delete, path: path, auth: auth, time: time)
  }
}
