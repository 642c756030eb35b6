import FirestoreModel

/// A request to check against the rules: a read, a query or a write, sent as some user.
///
/// Paths are relative to `/databases/(default)/documents`, with or without a leading `/`.
/// Document data is JSON text in Flint's tagged form, as in `flint test` suites: plain JSON
/// values, plus `{"__timestamp__": "2024-05-01T12:00:00Z"}`, `{"__ref__": "users/alice"}` and
/// the other tags of `Docs/suites.md`; writes may use the transforms
/// (`{"__increment__": 1}`, `{"__server_timestamp__": true}`, ...).
///
/// ```swift
/// .get("/users/alice", as: .user("alice"))
/// .create("/posts/p1", data: #"{"owner": "alice", "title": "Hi"}"#, as: .user("alice"))
/// .update("/users/alice", fields: #"{"bio": "Reads a lot"}"#, as: .user("alice"))
/// .list(#"collection("posts").where("owner", "==", "alice")"#, as: .user("alice"))
/// ```
public struct RulesRequest: Sendable, CustomStringConvertible {
  enum Kind: Sendable {
    case get
    case delete
    case create(data: String)
    case update(fields: String)
    case set(data: String, merge: Bool)
    case list(query: String)
  }

  let kind: Kind
  /// The document path; for `list` the query text.
  let target: String
  /// Who sends the request.
  public let identity: Identity
  /// `request.time` as RFC 3339 text; nil for the suites' default, 1970-01-01T00:00:00Z.
  public let time: String?

  init(_ kind: Kind, _ target: String, identity: Identity, time: String? = nil) {
    self.kind = kind
    self.target = target
    self.identity = identity
    self.time = time
  }

  /// A single-document read (`allow get`, `allow read`).
  public static func get(_ path: String, as identity: Identity = .signedOut) -> RulesRequest {
    RulesRequest(.get, path, identity: identity)
  }

  /// A query (`allow list`, `allow read`), as query DSL text:
  /// `collection("posts").where("owner", "==", auth.uid).limit(10)`.
  ///
  /// It is decided as Firestore decides queries: by proving that the query's filters satisfy the
  /// rules for every document it could return, never by looking at the stored documents.
  public static func list(_ query: String, as identity: Identity = .signedOut) -> RulesRequest {
    RulesRequest(.list(query: query), query, identity: identity)
  }

  /// A write creating the document at `path`; `data` is the whole new document (tagged JSON).
  /// When the data holds the document already, production fails the create with ALREADY_EXISTS.
  public static func create(_ path: String, data: String, as identity: Identity = .signedOut) -> RulesRequest {
    RulesRequest(.create(data: data), path, identity: identity)
  }

  /// A write updating the stored document at `path` with only the changed `fields` (tagged JSON,
  /// dotted field paths allowed), as the SDKs' `updateData` sends it.
  ///
  /// `request.resource.data` is the stored document with the fields merged in. When the data the
  /// request is evaluated on does not hold the document, production fails the update with
  /// NOT_FOUND: the decision is not allowed and its `writeFailure` is `"NOT_FOUND"`.
  public static func update(_ path: String, fields: String, as identity: Identity = .signedOut) -> RulesRequest {
    RulesRequest(.update(fields: fields), path, identity: identity)
  }

  /// A `setData` write: a create when the document is missing, else an update; with `merge`
  /// the fields are merged onto the stored document instead of replacing it.
  public static func set(_ path: String, data: String, merge: Bool = false, as identity: Identity = .signedOut)
    -> RulesRequest
  {
    RulesRequest(.set(data: data, merge: merge), path, identity: identity)
  }

  /// A write deleting the document at `path`.
  public static func delete(_ path: String, as identity: Identity = .signedOut) -> RulesRequest {
    RulesRequest(.delete, path, identity: identity)
  }

  /// The same request sent at `time` (`request.time`), RFC 3339: `"2024-05-01T12:00:00Z"`.
  public func at(_ time: String) -> RulesRequest {
    RulesRequest(kind, target, identity: identity, time: time)
  }

  /// `get users/alice as alice`.
  public var description: String {
    "\(method) \(target) as \(identity)"
  }

  var method: String {
    switch kind {
    case .get: "get"
    case .delete: "delete"
    case .create: "create"
    case .update: "update"
    case .set: "set"
    case .list: "list"
    }
  }

  /// The request as a `flint test` suite gives it, so it is read with the suites' exact rules.
  func json() throws -> JSONValue {
    var members: [JSONMember] = []
    func add(_ key: String, _ value: JSONValue) { members.append(JSONMember(key: key, value: value)) }
    func parsed(_ text: String, _ name: String) throws -> JSONValue {
      do {
        return try JSONParser.parse(text, file: name)
      } catch {
        throw FlintError("\(self): \(error.description)")
      }
    }
    switch kind {
    case .get, .delete:
      add("method", .string(method))
      add("path", .string(target))
    case .create(let data):
      add("method", "create")
      add("path", .string(target))
      add("data", try parsed(data, "data"))
    case .update(let fields):
      add("path", .string(target))
      add("update", try parsed(fields, "fields"))
    case .set(let data, let merge):
      add("path", .string(target))
      add("set", try parsed(data, "data"))
      if merge { add("merge", true) }
    case .list(let query):
      add("method", "list")
      add("query", .string(query))
    }
    add("auth", identity.json)
    if let time { add("time", .string(time)) }
    return .object(JSONObject(members: members)!)
  }
}
