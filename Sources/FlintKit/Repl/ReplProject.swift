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

  /// The bundled sample project folder.
  public static let sampleFolder: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    parts.removeLast(4)  // Sources/FlintKit/Repl/ReplProject.swift
    return (parts + ["Corpus", "sample"]).joined(separator: "/")
  }()

  /// Resolves the files for `flint repl [--rules F] [--data F] [--indexes F]` run in `directory`.
  public static func resolve(rules: String?, data: String?, indexes: String?, directory: String = ".")
    -> ReplProject
  {
    var project = ReplProject()
    project.rules = rules.map { WatchedFile(path: $0) }
    project.data = data.map { WatchedFile(path: $0) }
    project.indexes = indexes.map { WatchedFile(path: $0) }
    let config = directory + "/firebase.json"
    if FileStamp.of(config) != nil {
      guard project.rules == nil || project.indexes == nil else { return project }
      do {
        let named = try firestoreFiles(try FileBytes.read(config))
        if project.rules == nil, let path = named.rules { project.rules = WatchedFile(path: relative(path, directory)) }
        if project.indexes == nil, let path = named.indexes {
          project.indexes = WatchedFile(path: relative(path, directory))
        }
        if rules == nil { project.note = "using firebase.json in the current directory" }
        if indexes == nil, let note = named.note {
          project.note = (project.note.map { $0 + "; " } ?? "") + note
        }
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

  /// The rules and indexes paths `firebase.json` names for the `(default)` database (its entry,
  /// or the only one; read as `flint query` and `flint indexes` read it), and a note when it
  /// names no manifest but other databases do. No `firestore` section: nothing is named.
  static func firestoreFiles(_ bytes: [UInt8]) throws -> (rules: String?, indexes: String?, note: String?) {
    let json = try JSONParser.parse(bytes: bytes, file: "firebase.json")
    guard case .object(let root) = json, root.members.contains(where: { $0.key == "firestore" }) else {
      return (nil, nil, nil)
    }
    let config = try FirebaseConfig(bytes: bytes, name: "firebase.json")
    let entry = config.database("(default)")
    let note =
      config.databases.count > 1
      ? config.missingIndexesNote(for: "(default)", option: "--indexes", databaseOption: false) : nil
    return (entry?.rules, entry?.indexes, note)
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
