import FirestoreModel

/// The files and the database a command works on: its options, else what `firebase.json` in
/// the directory names for the database (`FirebaseConfig.chosenDatabase` holds the policy).
/// `flint query`, `flint indexes` and `flint repl` ask `resolve`; `flint check` asks `config`
/// for every database's rules and every bucket's. `firebase.json` is read only when it must name a file (one not
/// given as an option), and parsed once.
package struct ProjectFiles: Sendable {
  /// The name of the config file, in the directory the command runs in.
  package static let configName = "firebase.json"

  /// The database the command's requests, queries and manifest are for.
  package var database: String
  /// The rules file: the option, else the database's entry's (relative to the directory).
  package var rules: String?
  /// The index manifest: the option, else the database's entry's.
  package var indexes: String?
  /// Whether `firebase.json` was read (it exists and a file was not given as an option).
  package var readConfig = false
  /// Its `firestore` entries (nil when not read, or it has no `firestore` section).
  package var config: FirebaseConfig?
  /// Which database was chosen, when the config did not make it obvious.
  package var databaseNote: String?
  /// Why no manifest is read when the database's entry names none (others' are named).
  package var indexesNote: String?

  package init(database: String = DatabaseID.default, rules: String? = nil, indexes: String? = nil) {
    self.database = database
    self.rules = rules
    self.indexes = indexes
  }

  /// Whether the config lists several databases (commands say more then).
  package var severalDatabases: Bool { (config?.databaseIDs.count ?? 0) > 1 }

  /// The files for a command run in `directory` with `--rules`, the manifest option
  /// (`manifestOption`, named in notes) and `--database`. `needsRules`: whether the command
  /// reads rules at all (`flint indexes` does not). A `firebase.json` without a `firestore`
  /// section names nothing (its Cloud Storage rules are not a database's).
  package static func resolve(
    rules: String?, indexes: String?, database: String?, directory: String = ".",
    needsRules: Bool = true, manifestOption: String = "--indexes"
  ) throws(FirebaseConfigError) -> ProjectFiles {
    var files = ProjectFiles(database: database ?? DatabaseID.default, rules: rules, indexes: indexes)
    guard (needsRules && rules == nil) || indexes == nil else { return files }
    guard let config = try Self.config(in: directory) else { return files }
    files.readConfig = true
    // No `firestore` section (a Storage-only or hosting-only project): no Firestore files.
    guard config.hasFirestore else { return files }
    files.config = config
    let (id, note) = try config.chosenDatabase(database, name: configName)
    files.database = id
    files.databaseNote = note
    if needsRules, rules == nil {
      files.rules = try config.rules(for: id, name: configName).map { relative($0, directory) }
    }
    if indexes == nil {
      files.indexes = config.indexes(for: id).map { relative($0, directory) }
      files.indexesNote = config.missingIndexesNote(for: id, option: manifestOption, name: configName)
    }
    return files
  }

  /// `firebase.json` in `directory`, parsed; nil when there is none.
  package static func config(in directory: String = ".") throws(FirebaseConfigError) -> FirebaseConfig? {
    let path = relative(configName, directory)
    guard FileStamp.of(path) != nil else { return nil }
    let bytes: [UInt8]
    do {
      bytes = try FileBytes.read(path)
    } catch {
      throw FirebaseConfigError(error.message)
    }
    return try FirebaseConfig(bytes: bytes, name: configName)
  }

  private static func relative(_ path: String, _ directory: String) -> String {
    path.hasPrefix("/") || directory == "." ? path : directory + "/" + path
  }
}
