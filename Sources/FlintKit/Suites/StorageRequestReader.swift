import FirestoreModel
import RulesEngine
import RulesLanguage

/// Reads the requests and objects of a Cloud Storage suite (Docs/suites.md, "Cloud Storage"):
///
/// ```
/// request: {method: create, path: users/alice/avatar.png, auth: {uid: alice},
///           object: {size: 2048, contentType: image/png, metadata: {owner: alice}}}
/// ```
///
/// `path` is the object's name under `/b/<bucket>/o` (a list's folder, `""` for the bucket's
/// root); `object` is the uploaded object on `create` and the changed metadata on `update`.
/// Names Cloud Storage refuses and custom metadata that is not a string are input errors
/// (Docs/fidelity/storage.md F9, F18), never evaluated.
package struct StorageRequestReader {
  static let keys: Set<String> = ["method", "path", "auth", "time", "object"]
  /// What an uploaded object (or a metadata update) may give.
  package static let uploadKeys: Set<String> = [
    "size", "contentType", "contentEncoding", "contentDisposition", "contentLanguage", "cacheControl", "metadata",
    "md5Hash", "crc32c",
  ]
  /// What a stored object may give besides: the fields Storage sets.
  package static let storedKeys = uploadKeys.union(["generation", "metageneration", "etag", "timeCreated", "updated"])

  let defaultTime: Timestamp
  /// The bucket the requests go to (`request.path` is `/b/<bucket>/o/...`).
  let bucket: String

  package init(defaultTime: Timestamp, bucket: String) {
    self.defaultTime = defaultTime
    self.bucket = bucket
  }

  /// Reads one request object, with every problem found.
  package func readAll(_ json: JSONValue, at path: JSONPath) -> (request: SuiteRequest?, errors: [JSONError]) {
    let object: JSONObject
    do {
      object = try json.object(at: path)
    } catch {
      return (nil, [error])
    }
    var errors: [JSONError] = []
    func attempt<T>(_ body: () throws(JSONError) -> T) -> T? {
      do { return try body() } catch {
        errors.append(error)
        return nil
      }
    }
    attempt { () throws(JSONError) in try object.rejectUnknownKeys(allowed: Self.keys, at: path) }
    let time =
      attempt { () throws(JSONError) -> Timestamp in
        guard let text = try object.optionalString("time", at: path) else { return defaultTime }
        return try TaggedJSONDecoder.timestamp(text, at: path.appending("time"))
      } ?? defaultTime
    let auth = attempt { () throws(JSONError) in
      try RequestReader(defaultTime: time, store: DocumentStore()).readAuth(
        object["auth"], time: time, at: path.appending("auth"))
    }
    let method = attempt { () throws(JSONError) -> RequestMethod in
      let value = try object.value("method", at: path)
      guard case .string(let text) = value, let method = RequestMethod(rawValue: text) else {
        throw JSONError("expected one of \(RequestReader.methods)", path: path.appending("method"))
      }
      return method
    }
    let name = attempt { () throws(JSONError) in try objectName(object, method: method, at: path) }
    var fields: [String: Value]?
    if let json = object["object"] {
      fields = attempt { () throws(JSONError) -> [String: Value] in
        guard method == .create || method == .update else {
          let what = method.map { "a \($0.rawValue) request" } ?? "this request"
          throw JSONError(
            "\"object\" is the uploaded object (create) or the changed metadata (update); \(what) sends none",
            path: path.appending("object"))
        }
        return try Self.objectFields(json, allowed: Self.uploadKeys, time: time, at: path.appending("object"))
      }
    }
    guard errors.isEmpty, let method, let name else { return (nil, errors) }
    let request = Request(
      method: method, path: ResourcePath(segments: name), database: bucket, auth: auth ?? nil, time: time,
      resourceData: method == .create || method == .update ? (fields ?? [:]) : nil)
    return (SuiteRequest(request: request), [])
  }

  /// The object name's segments (a list: the folder's; a trailing `/` is dropped there).
  private func objectName(_ object: JSONObject, method: RequestMethod?, at path: JSONPath) throws(JSONError)
    -> [String]
  {
    var text = try object.string("path", at: path)
    if text.hasPrefix("/") { text.removeFirst() }
    if method == .list, text.hasSuffix("/") { text.removeLast() }
    let segments = text.isEmpty ? [] : text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    if let method, let problem = RulesService.objectNameProblem(segments, method: method) {
      throw JSONError("\(problem) Cloud Storage refuses it before the rules run", path: path.appending("path"))
    }
    return segments
  }

  /// The stored objects of a suite: `{name: {size, contentType, metadata, ...}}`.
  package static func objects(_ json: JSONValue, time: Timestamp, at path: JSONPath) throws(JSONError) -> ObjectStore {
    let object = try json.object(at: path)
    var objects: [String: [String: Value]] = [:]
    for member in object.members {
      let memberPath = path.appending(member.key)
      var name = member.key
      if name.hasPrefix("/") { name.removeFirst() }
      let segments = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      if let problem = RulesService.objectNameProblem(segments, method: .get) {
        throw JSONError(problem, path: memberPath)
      }
      objects[name] = try objectFields(member.value, allowed: storedKeys, time: time, at: memberPath)
    }
    return ObjectStore(objects)
  }

  /// Object metadata: ints for sizes and generations, timestamps for times, strings for the
  /// rest, and custom metadata a map of strings (F18: a number there is an error, never
  /// coerced).
  package static func objectFields(_ json: JSONValue, allowed: Set<String>, time: Timestamp, at path: JSONPath)
    throws(JSONError) -> [String: Value]
  {
    let object = try json.object(at: path)
    try object.rejectUnknownKeys(allowed: allowed, at: path)
    var fields: [String: Value] = [:]
    for member in object.members {
      let memberPath = path.appending(member.key)
      switch member.key {
      case "size", "generation", "metageneration":
        guard case .int(let value) = member.value, value >= 0 else {
          throw member.value.mismatch("a whole number of at least 0", at: memberPath)
        }
        fields[member.key] = .integer(value)
      case "timeCreated", "updated":
        fields[member.key] = .timestamp(
          try TaggedJSONDecoder.timestamp(try member.value.string(at: memberPath), at: memberPath))
      case "metadata":
        let map = try member.value.object(at: memberPath)
        var metadata: [String: Value] = [:]
        for entry in map.members {
          guard case .string(let text) = entry.value else {
            throw JSONError(
              "custom metadata values are strings in Cloud Storage (write \"\(entry.key)\": \"...\")",
              path: memberPath.appending(entry.key))
          }
          metadata[entry.key] = .string(text)
        }
        fields["metadata"] = .map(metadata)
      default:
        fields[member.key] = .string(try member.value.string(at: memberPath))
      }
    }
    return fields
  }
}
