import FirestoreModel

/// The rules sections of a `firebase.json`: the `firestore` entries, one per database, with the
/// rules file and index manifest each names, and the `storage` entries, one per bucket
/// (`FirebaseConfig+Storage.swift`).
///
/// Both `firestore` shapes are accepted:
/// `{"firestore": {"rules": "firestore.rules"}}` and the multi-database array
/// `{"firestore": [{"database": "(default)", "rules": "a.rules"}, ...]}`.
/// Either section may be missing (a Storage-only project has no `firestore`). Paths are as
/// written (relative to the directory holding `firebase.json`). The file is parsed once, by
/// Flint's own JSON parser (errors carry line and column).
package struct FirebaseConfig: Sendable {
  /// Every `firestore` entry in order, with the files it names (see `database(_:)`); empty when
  /// the file has no `firestore` section.
  package var databases: [DatabaseEntry] = []
  /// Every `storage` entry in order: the Cloud Storage rules files and their buckets.
  package var storage: [StorageEntry] = []

  /// The rules files of every database, each once, in order (several databases may share one).
  package var rulesFiles: [String] {
    var seen = Set<String>()
    return databases.compactMap(\.rules).filter { seen.insert($0).inserted }
  }

  /// Whether the file has a `firestore` section (commands that read Firestore files go on
  /// without them when it has none).
  package var hasFirestore: Bool { !databases.isEmpty }

  /// Parses the text of a `firebase.json`; `name` is used in messages.
  package init(bytes: [UInt8], name: String) throws(FirebaseConfigError) {
    let json: JSONValue
    let map: JSONSourceMap
    do {
      (json, map) = try JSONParser.parseWithSourceMap(bytes: bytes, file: name)
    } catch {
      let message = VisibleText.escaped(error.message, keepingTabs: false)
      throw FirebaseConfigError("\(name):\(error.line ?? 1):\(error.column ?? 1): not valid JSON: \(message)")
    }
    guard case .object(let root) = json else {
      throw FirebaseConfigError("cannot parse '\(name)': the top level must be an object")
    }
    storage = try Self.storageEntries(root["storage"], map: map, name: name)
    guard let firestore = root["firestore"] else { return }
    let objects: [JSONObject]
    switch firestore {
    case .object(let object):
      objects = [object]
    case .array(let array):
      objects = try array.map { (element) throws(FirebaseConfigError) -> JSONObject in
        guard case .object(let object) = element else {
          throw FirebaseConfigError("cannot parse '\(name)': \"firestore\" array entries must be objects")
        }
        return object
      }
    default:
      throw FirebaseConfigError("cannot parse '\(name)': \"firestore\" must be an object or an array")
    }
    for object in objects {
      let rules = try Self.path("rules", in: object, name: name)
      let database = try Self.database(object, name: name)
      let indexes = try Self.path("indexes", in: object, name: name)
      databases.append(DatabaseEntry(database: database, rules: rules, indexes: indexes))
    }
    guard databases.contains(where: { $0.rules != nil || $0.indexes != nil }) else {
      throw FirebaseConfigError("'\(name)' names no Firestore rules file (\"firestore\": {\"rules\": ...})")
    }
  }

  /// A file member (`rules`, `indexes`): nil when absent, else a non-empty string.
  private static func path(_ key: String, in object: JSONObject, name: String) throws(FirebaseConfigError) -> String? {
    guard let value = object[key] else { return nil }
    guard case .string(let path) = value, !path.isEmpty else {
      throw FirebaseConfigError("cannot parse '\(name)': \"\(key)\" must be a non-empty string")
    }
    return path
  }

  private static func database(_ object: JSONObject, name: String) throws(FirebaseConfigError) -> String {
    guard let value = object["database"] else { return DatabaseID.default }
    guard case .string(let id) = value, !id.isEmpty else {
      throw FirebaseConfigError("cannot parse '\(name)': \"database\" must be a non-empty string")
    }
    return id
  }
}

/// Why a `firebase.json` cannot be used: the message names the file.
package struct FirebaseConfigError: Error, Sendable, CustomStringConvertible {
  package var message: String

  package init(_ message: String) {
    self.message = message
  }

  package var description: String { message }
}
