import FirestoreModel
import Foundation

/// The `firestore` entries of a `firebase.json`: rules files and index manifests.
///
/// Both shapes are accepted:
/// `{"firestore": {"rules": "firestore.rules"}}` and the multi-database array
/// `{"firestore": [{"database": "(default)", "rules": "a.rules"}, ...]}`.
/// Paths are relative to the directory holding `firebase.json`.
public struct FirebaseConfig: Sendable {
  /// One rules file named by the config.
  public struct RulesEntry: Equatable, Sendable {
    /// The database the rules are for (`(default)` when not given).
    public var database: String
    /// The path as written in `firebase.json`.
    public var rules: String

    public init(database: String, rules: String) {
      self.database = database
      self.rules = rules
    }
  }

  /// One index manifest named by the config (`"indexes": "firestore.indexes.json"`).
  public struct IndexesEntry: Equatable, Sendable {
    public var database: String
    public var indexes: String

    public init(database: String, indexes: String) {
      self.database = database
      self.indexes = indexes
    }
  }

  public var entries: [RulesEntry]
  public var indexEntries: [IndexesEntry] = []
  /// The Cloud Storage rules files of the `storage` section (object or per-bucket array form):
  /// Flint does not check them, and says so.
  public var storageRules: [String] = []
  /// Every `firestore` entry in order, with the files it names (see `database(_:)`).
  public var databases: [DatabaseEntry] = []

  /// Parses the text of a `firebase.json`; `name` is used in messages.
  public init(bytes: [UInt8], name: String) throws(FirebaseConfigError) {
    let json: Any
    do {
      // Flint's own parser first, for the line and column of a syntax error.
      _ = try JSONParser.parse(bytes: bytes, file: name)
      json = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    } catch let error as JSONError {
      let message = VisibleText.escaped(error.message, keepingTabs: false)
      throw FirebaseConfigError("\(name):\(error.line ?? 1):\(error.column ?? 1): not valid JSON: \(message)")
    } catch {
      throw FirebaseConfigError("cannot parse '\(name)': not valid JSON")
    }
    guard let root = json as? [String: Any] else {
      throw FirebaseConfigError("cannot parse '\(name)': the top level must be an object")
    }
    let storage = Self.storageRules(root["storage"])
    guard let firestore = root["firestore"] else {
      let skipped = storage.isEmpty ? "" : " (its \"storage\" rules are Cloud Storage rules, which Flint does not check)"
      throw FirebaseConfigError("'\(name)' has no \"firestore\" section\(skipped); pass a rules FILE instead")
    }
    storageRules = storage
    var entries: [RulesEntry] = []
    var objects: [[String: Any]] = []
    if let object = firestore as? [String: Any] {
      objects = [object]
    } else if let array = firestore as? [Any] {
      for element in array {
        guard let object = element as? [String: Any] else {
          throw FirebaseConfigError("cannot parse '\(name)': \"firestore\" array entries must be objects")
        }
        objects.append(object)
      }
    } else {
      throw FirebaseConfigError("cannot parse '\(name)': \"firestore\" must be an object or an array")
    }
    for object in objects {
      let rules = try Self.entry(object, name: name)
      if let rules { entries.append(rules) }
      let database = try Self.database(object, name: name)
      var indexes: String?
      if let value = object["indexes"] {
        guard let path = value as? String, !path.isEmpty else {
          throw FirebaseConfigError("cannot parse '\(name)': \"indexes\" must be a non-empty string")
        }
        indexEntries.append(IndexesEntry(database: database, indexes: path))
        indexes = path
      }
      databases.append(DatabaseEntry(database: database, rules: rules?.rules, indexes: indexes))
    }
    guard !entries.isEmpty || !indexEntries.isEmpty else {
      throw FirebaseConfigError("'\(name)' names no Firestore rules file (\"firestore\": {\"rules\": ...})")
    }
    self.entries = entries
  }

  /// The index manifest named by `database`'s entry (see `database(_:)`); nil when that entry
  /// names none, even if another database's entry does.
  public func indexes(for database: String) -> String? {
    self.database(database)?.indexes
  }

  /// The `rules` paths of a `storage` section: `{"rules": "storage.rules"}` or
  /// `[{"bucket": "...", "rules": "..."}, ...]`; anything else names none (the Firebase CLI
  /// checks that section, Flint only reports that it skips it).
  private static func storageRules(_ section: Any?) -> [String] {
    let objects: [[String: Any]]
    if let object = section as? [String: Any] {
      objects = [object]
    } else if let array = section as? [Any] {
      objects = array.compactMap { $0 as? [String: Any] }
    } else {
      objects = []
    }
    var paths: [String] = []
    for case let path as String in objects.compactMap({ $0["rules"] }) where !path.isEmpty && !paths.contains(path) {
      paths.append(path)
    }
    return paths
  }

  private static func entry(_ object: [String: Any], name: String) throws(FirebaseConfigError) -> RulesEntry? {
    guard let rules = object["rules"] else { return nil }
    guard let path = rules as? String, !path.isEmpty else {
      throw FirebaseConfigError("cannot parse '\(name)': \"rules\" must be a non-empty string")
    }
    return RulesEntry(database: try database(object, name: name), rules: path)
  }

  private static func database(_ object: [String: Any], name: String) throws(FirebaseConfigError) -> String {
    guard let value = object["database"] else { return "(default)" }
    guard let id = value as? String, !id.isEmpty else {
      throw FirebaseConfigError("cannot parse '\(name)': \"database\" must be a non-empty string")
    }
    return id
  }
}

/// Why a `firebase.json` cannot be used: the message names the file.
public struct FirebaseConfigError: Error, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
