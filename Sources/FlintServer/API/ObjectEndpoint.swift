import FirestoreModel
import FlintKit
import RulesEngine

/// `POST /api/object`: one Cloud Storage request, decided by the project's Storage rules
/// (`ObjectRequest`, as `flint repl` decides `upload`/`download`/`list`/`update`/`delete`):
/// `{"method": "get"|"list"|"create"|"update"|"delete", "path": "users/alice/avatar.png",
/// "auth", "object": {...}? (create: the upload's metadata; update: the changed metadata),
/// "stored": {...}|null (the object already at `path`; absent: none), "time", "rules": text?,
/// "file": path?}` → `{"method", "path", "rules": {"decision", "explanation"}, "stored"}`, the
/// explanation in the shape `/api/request` gives. `file` is one of the project's Storage rules
/// files (default the first); `firestore.get()` reads the project's seed documents. The bucket is
/// `default-bucket`, as suites without `bucket` (Docs/fidelity/storage.md F20).
enum ObjectEndpoint {
  static func answer(_ body: APIBody, project: ServedProject) throws(APIProblem) -> APIResponse {
    try body.allowOnly(["method", "path", "auth", "object", "stored", "time", "rules", "file"])
    let word = try body.string("method")
    let methods: [RequestMethod] = [.get, .list, .create, .update, .delete]
    guard let method = RequestMethod(rawValue: word), methods.contains(method) else {
      throw .invalid("\"method\" must be one of \(methods.map(\.rawValue).joined(separator: ", ")), not '\(word)'")
    }
    let time = try RequestInputs.time(body)
    let auth = try RequestInputs.auth(body, time: time)
    let object = try fields(body, "object", allowed: StorageRequestReader.uploadKeys, time: time)
    if object != nil, method != .create, method != .update {
      throw .invalid("\"object\" is only for create (the upload) and update (the changed metadata)")
    }
    if method == .update, object == nil { throw .invalid("an update needs \"object\": the changed metadata") }
    let path = try body.string("path")
    let request: ObjectRequest
    do {
      request = try ObjectRequest(method: method, path: path, fields: object)
    } catch {
      throw .invalid(error.message)
    }
    guard let file = try body.optionalString("file") ?? project.storageRules.first else {
      throw .invalid("firebase.json names no Cloud Storage rules (add \"storage\": {\"rules\": \"storage.rules\"})")
    }
    let ruleset = try project.ruleset(edited: try body.optionalString("rules"), file: file)
    guard ruleset.service.kind == .storage else {
      throw .invalid("'\(file)' holds \(ruleset.service.title) rules, not Cloud Storage rules")
    }
    let stored = try fields(body, "stored", allowed: StorageRequestReader.storedKeys, time: time)
    let objects = ObjectStore(stored.map { [request.name: $0] } ?? [:])
    let decision = request.decide(
      ruleset, objects: objects, documents: try project.store(time: time), bucket: SuiteLoader.defaultBucket,
      auth: auth, time: time)
    return .ok(
      JSONValue.object([
        ("method", .string(method.rawValue)),
        ("path", .string(request.name)),
        (
          "rules",
          .object([
            ("decision", .string(decision.allowed ? "allow" : "deny")),
            ("explanation", TraceJSONRenderer.json(decision, source: ruleset.source)),
          ])
        ),
        ("stored", stored.map { .object(TaggedJSONEncoder.encode(fields: $0)) } ?? .null),
      ]))
  }

  /// An object's metadata member, read as suites read `object` (F18: custom metadata is strings).
  private static func fields(_ body: APIBody, _ key: String, allowed: Set<String>, time: Timestamp)
    throws(APIProblem) -> [String: Value]?
  {
    guard let value = body.object[key], !value.isNull else { return nil }
    do {
      return try StorageRequestReader.objectFields(
        value, allowed: allowed, time: time, at: JSONPath.root.appending(key))
    } catch {
      throw .invalid("invalid \(key): \(error.description)")
    }
  }
}
