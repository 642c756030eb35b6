import Foundation

/// The `firestore` rules entries of a `firebase.json`.
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

  public var entries: [RulesEntry]

  /// Parses the text of a `firebase.json`; `name` is used in messages.
  public init(bytes: [UInt8], name: String) throws(FirebaseConfigError) {
    let json: Any
    do {
      json = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    } catch {
      throw FirebaseConfigError("cannot parse '\(name)': not valid JSON")
    }
    guard let root = json as? [String: Any] else {
      throw FirebaseConfigError("cannot parse '\(name)': the top level must be an object")
    }
    guard let firestore = root["firestore"] else {
      throw FirebaseConfigError("'\(name)' has no \"firestore\" section; pass a rules FILE instead")
    }
    var entries: [RulesEntry] = []
    if let object = firestore as? [String: Any] {
      entries = try Self.entry(object, name: name).map { [$0] } ?? []
    } else if let array = firestore as? [Any] {
      for element in array {
        guard let object = element as? [String: Any] else {
          throw FirebaseConfigError("cannot parse '\(name)': \"firestore\" array entries must be objects")
        }
        if let entry = try Self.entry(object, name: name) { entries.append(entry) }
      }
    } else {
      throw FirebaseConfigError("cannot parse '\(name)': \"firestore\" must be an object or an array")
    }
    guard !entries.isEmpty else {
      throw FirebaseConfigError("'\(name)' names no Firestore rules file (\"firestore\": {\"rules\": ...})")
    }
    self.entries = entries
  }

  private static func entry(_ object: [String: Any], name: String) throws(FirebaseConfigError) -> RulesEntry? {
    guard let rules = object["rules"] else { return nil }
    guard let path = rules as? String, !path.isEmpty else {
      throw FirebaseConfigError("cannot parse '\(name)': \"rules\" must be a non-empty string")
    }
    var database = "(default)"
    if let value = object["database"] {
      guard let id = value as? String, !id.isEmpty else {
        throw FirebaseConfigError("cannot parse '\(name)': \"database\" must be a non-empty string")
      }
      database = id
    }
    return RulesEntry(database: database, rules: path)
  }
}

/// Why a `firebase.json` cannot be used: the message names the file.
public struct FirebaseConfigError: Error, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
