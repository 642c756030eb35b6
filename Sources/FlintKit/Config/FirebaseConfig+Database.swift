import FirestoreModel

/// Which database a command uses, and which of `firebase.json`'s files are that database's:
/// the one policy `flint query`, `flint indexes` and `flint repl` share (`ProjectFiles`).
///
/// - `--database ID` given: ID must have an entry when the config lists databases (else an
///   error naming the ones it lists).
/// - No `--database`: `(default)` when it has an entry, else the only database listed, else
///   (several, none `(default)`) an error asking for `--database`. A note says which database
///   was chosen when it is not `(default)` or when several are listed.
/// - A database's files are its own entry's (an entry without `"database"` is `(default)`).
///   Another database's files are never used in its stead: a database whose entry names no
///   manifest gets none (with a note naming the others'), and one whose entry names no rules
///   while others do is an error.
extension FirebaseConfig {
  /// One `firestore` entry of `firebase.json` and the files it names.
  package struct DatabaseEntry: Equatable, Sendable {
    /// The database id (`(default)` when not given).
    package var database: String
    package var rules: String?
    package var indexes: String?

    package init(database: String, rules: String? = nil, indexes: String? = nil) {
      self.database = database
      self.rules = rules
      self.indexes = indexes
    }
  }

  /// The database ids the config lists, each once, in order.
  package var databaseIDs: [String] {
    var seen = Set<String>()
    return databases.map(\.database).filter { seen.insert($0).inserted }
  }

  /// The entry for `id`; nil when the config has none (never another database's).
  package func database(_ id: String) -> DatabaseEntry? {
    databases.first { $0.database == id }
  }

  /// The index manifest named by `database`'s entry; nil when that entry names none, even if
  /// another database's entry does.
  package func indexes(for database: String) -> String? {
    self.database(database)?.indexes
  }

  /// The database a command uses (`given` is its `--database`), and a note saying which when
  /// the config does not make it obvious. See the policy above.
  package func chosenDatabase(_ given: String?, name: String = "firebase.json") throws(FirebaseConfigError)
    -> (id: String, note: String?)
  {
    let ids = databaseIDs
    let listed = ids.joined(separator: ", ")
    if let given {
      guard ids.isEmpty || ids.contains(given) else {
        throw FirebaseConfigError(
          "\(name) names no database '\(given)' (it names \(listed)): pick one of those with --database, "
            + "or give the files as options")
      }
      return (given, nil)
    }
    if ids.contains(DatabaseID.default) {
      guard ids.count > 1 else { return (DatabaseID.default, nil) }
      let note = "\(name) names several databases (\(listed)): using (default); pick another with --database"
      return (DatabaseID.default, note)
    }
    guard let only = ids.first else { return (DatabaseID.default, nil) }
    guard ids.count == 1 else {
      throw FirebaseConfigError(
        "\(name) names several databases (\(listed)) and none is (default): pick one with --database")
    }
    return (only, "database \(only), the only one \(name) names")
  }

  /// Why no index manifest is read for `id` (nil when `database(id)` names one): for a note
  /// that says so, and with several databases, which others name one and how to use it
  /// (`option` is the command's manifest option: `--existing`, `--indexes`; `databaseOption`
  /// whether the command also has `--database`).
  package func missingIndexesNote(
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

  /// The rules file of `database`'s entry (nil when the config names no rules file at all).
  /// Never another database's rules: when other databases' entries name rules and this one's
  /// does not, the error names them and how to pick one.
  package func rules(for database: String, name: String = "firebase.json") throws(FirebaseConfigError) -> String? {
    let withRules = databases.filter { $0.rules != nil }
    if let entry = withRules.first(where: { $0.database == database }) { return entry.rules }
    guard !withRules.isEmpty else { return nil }
    let others = withRules.map(\.database).joined(separator: ", ")
    throw FirebaseConfigError(
      "\(name) names no rules file for the database '\(database)'; databases with rules: \(others) "
        + "(pick one with --database, or give --rules)")
  }
}
