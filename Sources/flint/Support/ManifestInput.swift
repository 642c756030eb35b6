/// Which index manifest a command works on: the one given by flag, or else the `indexes` file
/// `firebase.json` in the current directory names for the database.
enum ManifestInput {
  /// The manifest's path and bytes, or nil when none is given or named.
  static func load(explicit: String?, database: String) throws(UsageProblem) -> (path: String, bytes: [UInt8])? {
    var path = explicit
    if path == nil, FileReader.exists(RulesInputs.configName) {
      let config = try RulesInputs.config(bytes: try FileReader.bytes(atPath: RulesInputs.configName))
      path = config.indexes(for: database)
    }
    guard let path else { return nil }
    return (path, try FileReader.bytes(atPath: path))
  }
}
