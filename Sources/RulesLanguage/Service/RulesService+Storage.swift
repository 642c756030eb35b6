extension RulesService {
  /// Cloud Storage: objects under `/b/{bucket}/o` (Docs/rules-semantics.md, "Cloud Storage").
  package static let storage = RulesService(
    kind: .storage, name: "firebase.storage", title: "Cloud Storage",
    root: [.literal("b"), .wildcard("bucket"), .literal("o")], rootVariable: "bucket", targetNoun: "object",
    containerNoun: "folder",
    subcontainersAreSeparate: false,
    methods: Method.allCases, properties: storageProperties, documentMembers: documentMembers, ownFunctions: [:],
    ownNamespaces: ["firestore": BuiltinNames.table(storageLookups)], lookupNamespace: "firestore",
    lookups: [.get, .exists], lookupsPerRequest: RulesLimits.storageLookupsPerRequest, lookupsPerBatch: nil,
    lookupDatabase: "(default)",
    listNeedsVersion2: true)

  /// The metadata of a Cloud Storage object, as `resource` and `request.resource` hold it: name,
  /// type and what it is.
  static let objectMembers: [(name: String, type: String, summary: String)] = [
    ("name", "string", "The object's full name without the leading `/`, e.g. `images/a.png`."),
    ("bucket", "string", "The bucket the object is in."),
    ("size", "int", "The object's size in bytes."),
    ("contentType", "string", "The content type the uploader declared (never sniffed from the bytes)."),
    ("contentEncoding", "string", "The declared content encoding, if any."),
    ("contentDisposition", "string", "The declared content disposition, if any."),
    ("contentLanguage", "string", "The declared content language, if any."),
    ("cacheControl", "string", "The declared cache control, if any."),
    ("metadata", "map", "Custom metadata: a map of strings to strings (a missing key is an error)."),
    ("md5Hash", "string", "The MD5 hash of the bytes, base64."),
    ("crc32c", "string", "The CRC32C checksum of the bytes, base64."),
    ("etag", "string", "The entity tag (stored objects only; not set on an upload)."),
    ("generation", "int", "The object's generation (stored objects only; not set on an upload)."),
    ("metageneration", "int", "The metadata generation (stored objects only; not set on an upload)."),
    ("timeCreated", "timestamp", "When the object was created (stored objects only; not set on an upload)."),
    ("updated", "timestamp", "When the object was last changed (stored objects only; not set on an upload)."),
  ]

  /// The fields a stored object has that an upload does not carry yet (reading one on a create
  /// is an error, as in production).
  package static let storedOnlyObjectFields: Set<String> = [
    "etag", "generation", "metageneration", "timeCreated", "updated",
  ]

  /// The optional content fields: unset unless the uploader set them.
  package static let optionalObjectFields: Set<String> = [
    "contentEncoding", "contentDisposition", "contentLanguage", "cacheControl",
  ]

  /// `request` and `resource` in Storage rules, keyed by dotted name.
  private static let storageProperties: [String: ServiceProperty] = {
    var table: [String: ServiceProperty] = [
      "request": ServiceProperty(
        "map", "request", "The incoming upload, download, list or delete: `auth`, `path`, `resource`, `time`."),
      "resource": ServiceProperty(
        "object", "resource: object | null",
        "The stored object's metadata (`name`, `size`, `contentType`, `metadata`, ...), or `null` when no object exists at the path (and on a list)."
      ),
      "request.auth": ServiceProperty(
        nil, "request.auth: map | null", "The signed-in user (`uid`, `token`), or `null` when no one is signed in."),
      "request.auth.uid": ServiceProperty("string", "request.auth.uid: string", "The signed-in user's id."),
      "request.auth.token": ServiceProperty(
        "map", "request.auth.token: map",
        "The ID token's claims: `email`, `email_verified`, `firebase.sign_in_provider`, custom claims."),
      "request.path": ServiceProperty(
        "path", "request.path: path", "The object's path: `/b/<bucket>/o/<name segments>` (a list: the folder's)."),
      "request.time": ServiceProperty("timestamp", "request.time: timestamp", "When the server received the request."),
      "request.resource": ServiceProperty(
        "object", "request.resource: object | null",
        "The object as it will be after an upload or a metadata update (`size`, `contentType`, `metadata`, ...); `null` on get, list and delete."
      ),
      "request.method": ServiceProperty(
        "string", "request.method: string",
        "Not documented for Storage, and the emulator leaves it undefined: Flint denies a decision that depends on it."
      ),
    ]
    for member in objectMembers {
      for root in ["resource", "request.resource"] {
        table["\(root).\(member.name)"] = ServiceProperty(
          member.type, "\(root).\(member.name): \(member.type)", member.summary)
      }
    }
    return table
  }()

  /// The cross-service lookups, written `firestore.get(...)` in Storage rules.
  private static let storageLookups: [BuiltinFunction] = [
    BuiltinFunction(
      "get", arity: 1,
      doc: BuiltinDoc(
        "firestore.get(path) -> resource",
        "The Cloud Firestore document at `path` (`/databases/(default)/documents/...`); a missing document is an error (the request is denied). At most 2 distinct documents per request; each is a billed document read."
      )),
    BuiltinFunction(
      "exists", arity: 1,
      doc: BuiltinDoc(
        "firestore.exists(path) -> bool",
        "Whether a Cloud Firestore document exists at `path` (`/databases/(default)/documents/...`). Counts toward the 2-document limit."
      )),
  ]
}
