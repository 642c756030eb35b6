import FirestoreModel

/// Which files a session starts with: the options, else the current directory's
/// `firebase.json` (its `firestore.rules` and `firestore.indexes`), else the bundled sample
/// project (`Corpus/sample`, found beside the sources this binary was built from).
public struct ReplProject: Sendable {
  public var rules: WatchedFile?
  public var data: WatchedFile?
  public var indexes: WatchedFile?
  /// A line saying where the files came from, when not from the options.
  public var note: String?
  /// A `firebase.json` that could not be read.
  public var problem: String?
  /// The database the session's requests go to (`--database`, else the one firebase.json
  /// makes obvious: `FirebaseConfig.chosenDatabase`).
  public var database = "(default)"

  /// The bundled sample project folder.
  public static let sampleFolder: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    parts.removeLast(4)  // Sources/FlintKit/Repl/ReplProject.swift
    return (parts + ["Corpus", "sample"]).joined(separator: "/")
  }()

  /// Resolves the files for `flint repl [--rules F] [--data F] [--indexes F] [--database ID]`
  /// run in `directory`.
  public static func resolve(
    rules: String?, data: String?, indexes: String?, directory: String = ".", database: String? = nil
  ) -> ReplProject {
    var project = ReplProject()
    project.database = database ?? "(default)"
    project.rules = rules.map { WatchedFile(path: $0) }
    project.data = data.map { WatchedFile(path: $0) }
    project.indexes = indexes.map { WatchedFile(path: $0) }
    let config = directory + "/firebase.json"
    if FileStamp.of(config) != nil {
      guard project.rules == nil || project.indexes == nil || database == nil else { return project }
      do {
        let named = try firestoreFiles(try FileBytes.read(config), database: database)
        project.database = named.database
        if project.rules == nil, let path = named.rules { project.rules = WatchedFile(path: relative(path, directory)) }
        if project.indexes == nil, let path = named.indexes {
          project.indexes = WatchedFile(path: relative(path, directory))
        }
        var notes: [String] = []
        if rules == nil { notes.append("using firebase.json in the current directory") }
        if let note = named.databaseNote { notes.append(note) }
        if indexes == nil, let note = named.note { notes.append(note) }
        project.note = notes.isEmpty ? nil : notes.joined(separator: "; ")
      } catch let error as FirebaseConfigError {
        project.problem = error.message
      } catch {
        project.problem = "firebase.json: \(error)"
      }
      project.addDataBesideRules()
      return project
    }
    guard rules == nil, data == nil, indexes == nil else {
      project.addDataBesideRules()
      return project
    }
    let sample = sampleFolder
    guard FileStamp.of(sample + "/firestore.rules") != nil else {
      project.note = "no firebase.json here and no bundled sample project: starting without rules or data"
      return project
    }
    project.rules = WatchedFile(path: sample + "/firestore.rules", display: "firestore.rules")
    project.data = WatchedFile(path: sample + "/data.json", display: "data.json")
    project.indexes = WatchedFile(path: sample + "/firestore.indexes.json", display: "firestore.indexes.json")
    project.note = "no firebase.json here: using the bundled sample project (Corpus/sample)"
    return project
  }

  /// The database (the given one, else the one firebase.json makes obvious, with a note
  /// saying which when it names several or another than `(default)`), and the rules and
  /// indexes paths firebase.json names for it, read as `flint query` and `flint indexes` read
  /// them (never another database's files), and a note when it names no manifest but other
  /// databases do. No `firestore` section: nothing is named.
  static func firestoreFiles(_ bytes: [UInt8], database given: String? = nil) throws -> (
    database: String, rules: String?, indexes: String?, note: String?, databaseNote: String?
  ) {
    let json = try JSONParser.parse(bytes: bytes, file: "firebase.json")
    guard case .object(let root) = json, root.members.contains(where: { $0.key == "firestore" }) else {
      return (given ?? "(default)", nil, nil, nil, nil)
    }
    let config = try FirebaseConfig(bytes: bytes, name: "firebase.json")
    let (database, databaseNote) = try config.chosenDatabase(given)
    let rules = try config.rules(for: database)
    let entry = config.databases.first { $0.database == database }
    let note =
      config.databases.count > 1
      ? config.missingIndexesNote(for: database, option: "--indexes", databaseOption: true) : nil
    return (database, rules, entry?.indexes, note, databaseNote)
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

  private static func relative(_ path: String, _ directory: String) -> String {
    path.hasPrefix("/") || directory == "." ? path : directory + "/" + path
  }
}
