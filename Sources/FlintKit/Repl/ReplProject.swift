import FirestoreModel

/// Which files a session starts with: the options, else the current directory's
/// `firebase.json` (its `firestore.rules` and `firestore.indexes`), else the bundled sample
/// project (`Corpus/sample`, compiled into the binary: `SampleProject`).
package struct ReplProject: Sendable {
  package var rules: WatchedFile?
  package var data: WatchedFile?
  package var indexes: WatchedFile?
  /// A line saying where the files came from, when not from the options.
  package var note: String?
  /// A `firebase.json` that could not be read.
  package var problem: String?
  /// The database the session's requests go to (`--database`, else the one firebase.json
  /// makes obvious: `FirebaseConfig.chosenDatabase`, through `ProjectFiles`).
  package var database = DatabaseID.default

  /// Resolves the files for `flint repl [--rules F] [--data F] [--indexes F] [--database ID]`
  /// run in `directory`.
  package static func resolve(
    rules: String?, data: String?, indexes: String?, directory: String = ".", database: String? = nil
  ) -> ReplProject {
    var project = ReplProject()
    project.database = database ?? DatabaseID.default
    project.rules = rules.map { WatchedFile(path: $0) }
    project.data = data.map { WatchedFile(path: $0) }
    project.indexes = indexes.map { WatchedFile(path: $0) }
    do {
      let files = try ProjectFiles.resolve(rules: rules, indexes: indexes, database: database, directory: directory)
      if files.readConfig {
        project.database = files.database
        if rules == nil, let path = files.rules { project.rules = WatchedFile(path: path) }
        if indexes == nil, let path = files.indexes { project.indexes = WatchedFile(path: path) }
        var notes: [String] = []
        if rules == nil { notes.append("using firebase.json in the current directory") }
        if let note = files.databaseNote { notes.append(note) }
        if indexes == nil, files.severalDatabases, let note = files.indexesNote { notes.append(note) }
        project.note = notes.isEmpty ? nil : notes.joined(separator: "; ")
        project.addDataBesideRules()
        return project
      }
    } catch {
      project.problem = error.message
      project.addDataBesideRules()
      return project
    }
    guard rules == nil, data == nil, indexes == nil else {
      project.addDataBesideRules()
      return project
    }
    func sample(_ name: String) -> WatchedFile? {
      SampleProject.text(name).map { WatchedFile(name: name, bytes: Array($0.utf8)) }
    }
    project.rules = sample("firestore.rules")
    project.data = sample("data.json")
    project.indexes = sample("firestore.indexes.json")
    project.note = "no firebase.json here: using the bundled sample project (Corpus/sample)"
    return project
  }

  /// Without `--data`, a `data.json` in the rules file's folder is the seed data (as the
  /// sample project has it), and the note says it was loaded.
  mutating func addDataBesideRules() {
    guard data == nil, let rules else { return }
    let folder = rules.path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/")
    let path = folder.isEmpty && !rules.path.hasPrefix("/") ? "data.json" : folder + "/data.json"
    guard FileStamp.of(path) != nil else { return }
    data = WatchedFile(path: path)
    note = (note.map { $0 + "; " } ?? "") + "loaded \(path) beside the rules; --data picks another file"
  }
}
