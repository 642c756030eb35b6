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

  /// The rules file of `database`'s entry, as `flint query` and `flint repl` take it (nil when
  /// the config names no rules file at all). Never another database's rules: with entries for
  /// other databases only, the error names them and how to pick one.
  public func rules(for database: String, name: String = "firebase.json") throws(FirebaseConfigError) -> String? {
    if let entry = entries.first(where: { $0.database == database }) { return entry.rules }
    guard !entries.isEmpty else { return nil }
    let others = entries.map(\.database).joined(separator: ", ")
    throw FirebaseConfigError(
      "\(name) names no rules file for the database '\(database)'; databases with rules: \(others) "
        + "(pick one with --database, or give --rules)")
  }

  /// The database a command uses when none is given (`--database`), and a note saying which
  /// when the config does not make it obvious: its only entry's database, else `(default)`
  /// when it has an entry, else an error asking for `--database`.
  public func chosenDatabase(_ given: String?, name: String = "firebase.json") throws(FirebaseConfigError)
    -> (id: String, note: String?)
  {
    if let given { return (given, nil) }
    let ids = databases.map(\.database)
    if ids.count <= 1 {
      let id = ids.first ?? "(default)"
      return (id, id == "(default)" ? nil : "database \(id), the only one \(name) names")
    }
    let listed = ids.joined(separator: ", ")
    guard ids.contains("(default)") else {
      throw FirebaseConfigError("\(name) names several databases (\(listed)) and none is (default): pick one with --database")
    }
    return ("(default)", "\(name) names several databases (\(listed)): using (default); pick another with --database")
  }
}
