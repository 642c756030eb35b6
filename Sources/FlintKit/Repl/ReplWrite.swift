import FirestoreModel
import RulesEngine

/// A single-document request typed at the prompt, before it is turned into a rules request.
public enum ReplWrite {
  /// The request words. `set` creates or replaces; `update` merges onto the stored document.
  public enum Kind: String, Sendable, CaseIterable {
    case get
    case create
    case update
    case set
    case delete

    /// Whether the words take a JSON object.
    public var takesData: Bool { self == .create || self == .update || self == .set }
  }

  /// The document after an SDK `update(path, changes)`: each key replaces that field; a
  /// dotted key (`"a.b"`) replaces the nested field, creating maps on the way.
  public static func merged(_ existing: [String: Value], with changes: [String: Value]) -> [String: Value] {
    var result = existing
    for (key, value) in changes.sorted(by: { $0.key < $1.key }) {
      set(value, at: key.split(separator: ".", omittingEmptySubsequences: false).map(String.init), in: &result)
    }
    return result
  }

  private static func set(_ value: Value, at path: [String], in fields: inout [String: Value]) {
    guard let first = path.first else { return }
    if path.count == 1 {
      fields[first] = value
      return
    }
    var inner: [String: Value] = [:]
    if case .map(let existing)? = fields[first] { inner = existing }
    set(value, at: Array(path.dropFirst()), in: &inner)
    fields[first] = .map(inner)
  }
}
