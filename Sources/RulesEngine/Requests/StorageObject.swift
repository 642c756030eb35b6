import FirestoreModel
import RulesLanguage

/// A Cloud Storage object's metadata as rules see it (`resource`, `request.resource`), built
/// from what a suite, the REPL or the Swift API gives, with the defaults of
/// Docs/fidelity/storage.md (F2, F6, F17, F19).
enum StorageObject {
  /// The content type Storage gives an upload that declares none.
  static let defaultContentType = "application/octet-stream"

  /// How an unset optional field (`cacheControl`, `md5Hash`, ...) appears: `null` (the
  /// emulator) or absent (unknown for production, F6). Flint grants only what both grant.
  enum UnsetFields: CaseIterable {
    case null, absent
  }

  /// The fields an object may leave unset.
  static let optionalFields: [String] = RulesService.optionalObjectFields.sorted() + ["crc32c", "md5Hash"]

  /// A stored object (`resource`): defaults for what is not given (`size` 0, the default type,
  /// generation 1, created a second before the request).
  static func stored(name: String, bucket: String, _ fields: [String: Value], time: Timestamp, unset: UnsetFields)
    -> [String: Value]
  {
    var object = fields
    object["name"] = .string(name)
    object["bucket"] = .string(bucket)
    if object["size"] == nil { object["size"] = .integer(0) }
    if object["contentType"] == nil { object["contentType"] = .string(defaultContentType) }
    if object["metadata"] == nil { object["metadata"] = .map([:]) }
    if object["generation"] == nil { object["generation"] = .integer(1) }
    if object["metageneration"] == nil { object["metageneration"] = .integer(1) }
    let created = Timestamp(seconds: time.seconds - 1, nanos: time.nanos)
    if object["timeCreated"] == nil { object["timeCreated"] = .timestamp(created) }
    if object["updated"] == nil { object["updated"] = object["timeCreated"] }
    if object["etag"] == nil, case .integer(let generation)? = object["generation"] {
      object["etag"] = .string("etag-\(generation)")
    }
    fillUnset(&object, unset)
    return object
  }

  /// The object an upload writes (`request.resource` on `create`): only what the client sends
  /// and the server computes before the rules run; generation, etag and times are not set (F2).
  static func uploaded(name: String, bucket: String, _ fields: [String: Value], unset: UnsetFields) -> [String: Value] {
    var object = fields
    for field in RulesService.storedOnlyObjectFields { object[field] = nil }
    object["name"] = .string(name)
    object["bucket"] = .string(bucket)
    if object["size"] == nil { object["size"] = .integer(0) }
    if object["contentType"] == nil { object["contentType"] = .string(defaultContentType) }
    if object["metadata"] == nil { object["metadata"] = .map([:]) }
    fillUnset(&object, unset)
    return object
  }

  /// The object after a metadata update (`request.resource` on `update`): the stored object
  /// with the given fields changed; size, hashes, generation and creation time stay (F19).
  static func patched(stored: [String: Value], _ patch: [String: Value], time: Timestamp) -> [String: Value] {
    var object = stored
    for (key, value) in patch
    where !["size", "md5Hash", "crc32c", "generation", "timeCreated", "name", "bucket"].contains(key) {
      object[key] = value
    }
    if case .integer(let generation)? = stored["metageneration"] { object["metageneration"] = .integer(generation + 1) }
    object["updated"] = .timestamp(time)
    return object
  }

  private static func fillUnset(_ object: inout [String: Value], _ unset: UnsetFields) {
    guard unset == .null else { return }
    for field in optionalFields where object[field] == nil { object[field] = .null }
  }

  /// Whether the object leaves some optional field unset (so the two readings may differ).
  static func hasUnsetFields(_ fields: [String: Value]?) -> Bool {
    guard let fields else { return false }
    return optionalFields.contains { fields[$0] == nil }
  }
}
