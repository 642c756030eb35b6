import FirestoreModel
import Foundation

/// The `firestore` entries of a `firebase.json`: rules files and index manifests.
///
/// Both shapes are accepted:
/// `{"firestore": {"rules": "firestore.rules"}}` and the multi-database array
/// `{"firestore": [{"database": "(default)", "rules": "a.rules"}, ...]}`.
/// Paths are relative to the directory holding `firebase.json`.
struct FirebaseConfig {
  /// One rules file named by the config.
  struct RulesEntry: Equatable {
    /// The database the rules are for (`(default)` when not given).
    var database: String
    /// The path as written in `firebase.json`.
    var rules: String
  }

  /// One index manifest named by the config (`"indexes": "firestore.indexes.json"`).
  struct IndexesEntry: Equatable {
    var database: String
    var indexes: String
  }

  var entries: [RulesEntry]
  var indexEntries: [IndexesEntry] = []

  /// Parses the text of a `firebase.json`; `name` is used in messages.
  init(bytes: [UInt8], name: String) throws(UsageProblem) {
    let json: Any
    do {
      // Flint's own parser first, for the line and column of a syntax error.
      _ = try JSONParser.parse(bytes: bytes, file: name)
      json = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    } catch let error as JSONError {
      throw UsageProblem("\(name):\(error.line ?? 1):\(error.column ?? 1): not valid JSON: \(error.message)")
    } catch {
      throw UsageProblem("cannot parse '\(name)': not valid JSON")
    }
    guard let root = json as? [String: Any] else {
      throw UsageProblem("cannot parse '\(name)': the top level must be an object")
    }
    guard let firestore = root["firestore"] else {
      throw UsageProblem("'\(name)' has no \"firestore\" section; pass a rules FILE instead")
    }
    var entries: [RulesEntry] = []
    var objects: [[String: Any]] = []
    if let object = firestore as? [String: Any] {
      objects = [object]
    } else if let array = firestore as? [Any] {
      for element in array {
        guard let object = element as? [String: Any] else {
          throw UsageProblem("cannot parse '\(name)': \"firestore\" array entries must be objects")
        }
        objects.append(object)
      }
    } else {
      throw UsageProblem("cannot parse '\(name)': \"firestore\" must be an object or an array")
    }
    for object in objects {
      if let entry = try Self.entry(object, name: name) { entries.append(entry) }
      if let value = object["indexes"] {
        guard let path = value as? String, !path.isEmpty else {
          throw UsageProblem("cannot parse '\(name)': \"indexes\" must be a non-empty string")
        }
        indexEntries.append(IndexesEntry(database: try Self.database(object, name: name), indexes: path))
      }
    }
    guard !entries.isEmpty || !indexEntries.isEmpty else {
      throw UsageProblem("'\(name)' names no Firestore rules file (\"firestore\": {\"rules\": ...})")
    }
    self.entries = entries
  }

  /// The index manifest named for `database` (else the first one named).
  func indexes(for database: String) -> String? {
    (indexEntries.first { $0.database == database } ?? indexEntries.first)?.indexes
  }

  private static func entry(_ object: [String: Any], name: String) throws(UsageProblem) -> RulesEntry? {
    guard let rules = object["rules"] else { return nil }
    guard let path = rules as? String, !path.isEmpty else {
      throw UsageProblem("cannot parse '\(name)': \"rules\" must be a non-empty string")
    }
    return RulesEntry(database: try database(object, name: name), rules: path)
  }

  private static func database(_ object: [String: Any], name: String) throws(UsageProblem) -> String {
    guard let value = object["database"] else { return "(default)" }
    guard let id = value as? String, !id.isEmpty else {
      throw UsageProblem("cannot parse '\(name)': \"database\" must be a non-empty string")
    }
    return id
  }
}
