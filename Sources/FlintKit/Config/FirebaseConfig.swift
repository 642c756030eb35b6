import FirestoreModel

/// The `firestore` entries of a `firebase.json`: one per database, with the rules file and
/// index manifest it names.
///
/// Both shapes are accepted:
/// `{"firestore": {"rules": "firestore.rules"}}` and the multi-database array
/// `{"firestore": [{"database": "(default)", "rules": "a.rules"}, ...]}`.
/// Paths are as written (relative to the directory holding `firebase.json`). The file is
/// parsed once, by Flint's own JSON parser (errors carry line and column).
package struct FirebaseConfig: Sendable {
  /// Every `firestore` entry in order, with the files it names (see `database(_:)`).
  package var databases: [DatabaseEntry] = []
  /// The Cloud Storage rules files of the `storage` section (object or per-bucket array form):
  /// Flint does not check them, and says so.
  package var storageRules: [String] = []

  /// The rules files of every database, each once, in order (several databases may share one).
  package var rulesFiles: [String] {
    var seen = Set<String>()
    return databases.compactMap(\.rules).filter { seen.insert($0).inserted }
  }

  /// Parses the text of a `firebase.json`; `name` is used in messages.
  package init(bytes: [UInt8], name: String) throws(FirebaseConfigError) {
    let json: JSONValue
    do {
      json = try JSONParser.parse(bytes: bytes, file: name)
    } catch {
      let message = VisibleText.escaped(error.message, keepingTabs: false)
      throw FirebaseConfigError("\(name):\(error.line ?? 1):\(error.column ?? 1): not valid JSON: \(message)")
    }
    guard case .object(let root) = json else {
      throw FirebaseConfigError("cannot parse '\(name)': the top level must be an object")
    }
    let storage = Self.storageRules(root["storage"])
    guard let firestore = root["firestore"] else {
      let skipped =
        storage.isEmpty ? "" : " (its \"storage\" rules are Cloud Storage rules, which Flint does not check)"
      throw FirebaseConfigError(
        "'\(name)' has no \"firestore\" section\(skipped); pass a rules FILE instead", noFirestoreSection: true)
    }
    storageRules = storage
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

  /// The `rules` paths of a `storage` section: `{"rules": "storage.rules"}` or
  /// `[{"bucket": "...", "rules": "..."}, ...]`; anything else names none (the Firebase CLI
  /// checks that section, Flint only reports that it skips it).
  private static func storageRules(_ section: JSONValue?) -> [String] {
    let objects: [JSONObject]
    switch section {
    case .object(let object)?: objects = [object]
    case .array(let array)?: objects = array.compactMap { if case .object(let o) = $0 { o } else { nil } }
    default: objects = []
    }
    var paths: [String] = []
    for object in objects {
      if case .string(let path)? = object["rules"], !path.isEmpty, !paths.contains(path) { paths.append(path) }
    }
    return paths
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
  /// The file is valid but has no `firestore` section: it names no Firestore files (commands
  /// that can run without them go on; `flint check` needs them).
  package var noFirestoreSection = false

  package init(_ message: String, noFirestoreSection: Bool = false) {
    self.message = message
    self.noFirestoreSection = noFirestoreSection
  }

  package var description: String { message }
}
