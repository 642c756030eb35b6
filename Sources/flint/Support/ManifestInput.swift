/// Which index manifest a command works on: the one given by flag, or else the `indexes` file
/// that `firebase.json` in the current directory names for the database (that database's
/// entry, or the only one; never another database's).
enum ManifestInput {
  /// What was found: a manifest to read, and a note when `firebase.json` names none for the
  /// database (nothing is read then; the note says so and names the other databases' files).
  struct Found {
    var manifest: (path: String, bytes: [UInt8])?
    var note: String?
    /// Whether `firebase.json` has entries for several databases.
    var severalDatabases = false
  }

  /// The manifest's path and bytes (nil when none is given or named), and the note.
  /// `option` is the command's manifest option, named in the note.
  static func find(explicit: String?, database: String, option: String) throws(UsageProblem) -> Found {
    var path = explicit
    var note: String?
    var several = false
    if path == nil, FileReader.exists(RulesInputs.configName) {
      let config = try RulesInputs.config(bytes: try FileReader.bytes(atPath: RulesInputs.configName))
      path = config.indexes(for: database)
      note = config.missingIndexesNote(for: database, option: option, name: RulesInputs.configName)
      several = config.databases.count > 1
    }
    guard let path else { return Found(manifest: nil, note: note, severalDatabases: several) }
    return Found(manifest: (path, try FileReader.bytes(atPath: path)), note: nil)
  }

}
