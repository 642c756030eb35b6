/// Choosing the `firestore` entry of one database, as `firebase deploy` does: the entry whose
/// `"database"` is the id (an entry without one is `(default)`), or the only entry when the
/// config names one database. Another database's files are never used in its stead.
extension FirebaseConfig {
  /// One `firestore` entry of `firebase.json` and the files it names.
  public struct DatabaseEntry: Equatable, Sendable {
    /// The database id (`(default)` when not given).
    public var database: String
    public var rules: String?
    public var indexes: String?

    public init(database: String, rules: String? = nil, indexes: String? = nil) {
      self.database = database
      self.rules = rules
      self.indexes = indexes
    }
  }

  /// The entry for `id`, else the only entry; nil when several entries name other databases.
  public func database(_ id: String) -> DatabaseEntry? {
    databases.first { $0.database == id } ?? (databases.count == 1 ? databases.first : nil)
  }

  /// Why no index manifest is read for `id` (nil when `database(id)` names one): for a note
  /// that says so, and with several databases, which others name one and how to use it
  /// (`option` is the command's manifest option: `--existing`, `--indexes`; `databaseOption`
  /// whether the command also has `--database`).
  public func missingIndexesNote(
    for id: String, option: String, databaseOption: Bool = true, name: String = "firebase.json"
  ) -> String? {
    if let entry = database(id), entry.indexes != nil { return nil }
    let which = database(id).map { "the \($0.database) database" } ?? "the \(id) database (it has no entry)"
    var note = "\(name) names no \"indexes\" file for \(which): only the automatic indexes are assumed"
    let others = databases.filter { $0.database != id && $0.indexes != nil }
    if databases.count > 1, let other = others.first {
      let listed = others.map { "\($0.database): \($0.indexes ?? "")" }.joined(separator: ", ")
      note += "; other databases name one (\(listed)): pick it with \(option) \(other.indexes ?? "")"
      if databaseOption { note += " or --database \(other.database)" }
    }
    return note
  }
}
