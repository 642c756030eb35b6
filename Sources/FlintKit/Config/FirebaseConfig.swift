import Foundation

/// The `firestore` rules entries of a `firebase.json`.
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

  var entries: [RulesEntry]

  /// Parses the text of a `firebase.json`; `name` is used in messages.
  init(bytes: [UInt8], name: String) throws(UsageProblem) {
    let json: Any
    do {
      json = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
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
    if let object = firestore as? [String: Any] {
      entries = try Self.entry(object, name: name).map { [$0] } ?? []
    } else if let array = firestore as? [Any] {
      for element in array {
        guard let object = element as? [String: Any] else {
          throw UsageProblem("cannot parse '\(name)': \"firestore\" array entries must be objects")
        }
        if let entry = try Self.entry(object, name: name) { entries.append(entry) }
      }
    } else {
      throw UsageProblem("cannot parse '\(name)': \"firestore\" must be an object or an array")
    }
    guard !entries.isEmpty else {
      throw UsageProblem("'\(name)' names no Firestore rules file (\"firestore\": {\"rules\": ...})")
    }
    self.entries = entries
  }

  private static func entry(_ object: [String: Any], name: String) throws(UsageProblem) -> RulesEntry? {
    guard let rules = object["rules"] else { return nil }
    guard let path = rules as? String, !path.isEmpty else {
      throw UsageProblem("cannot parse '\(name)': \"rules\" must be a non-empty string")
    }
    var database = "(default)"
    if let value = object["database"] {
      guard let id = value as? String, !id.isEmpty else {
        throw UsageProblem("cannot parse '\(name)': \"database\" must be a non-empty string")
      }
      database = id
    }
    return RulesEntry(database: database, rules: path)
  }
}
