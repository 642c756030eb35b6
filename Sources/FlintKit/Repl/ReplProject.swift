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
      } catch {
        project.problem = "firebase.json: \(error)"
      }
      return project
    }
    guard rules == nil, data == nil, indexes == nil else { return project }
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

  /// The rules and indexes paths `firebase.json` names (the object form, or the first
  /// entry of the multi-database array form).
  static func firestoreFiles(_ bytes: [UInt8]) throws -> (rules: String?, indexes: String?) {
    let json = try JSONParser.parse(bytes: bytes, file: "firebase.json")
    guard case .object(let root) = json else { return (nil, nil) }
    var section = root.members.first { $0.key == "firestore" }?.value
    if case .array(let entries)? = section { section = entries.first }
    guard case .object(let firestore)? = section else { return (nil, nil) }
    func string(_ key: String) -> String? {
      if case .string(let value)? = firestore.members.first(where: { $0.key == key })?.value { return value }
      return nil
    }
    return (string("rules"), string("indexes"))
  }

  private static func relative(_ path: String, _ directory: String) -> String {
    path.hasPrefix("/") || directory == "." ? path : directory + "/" + path
  }
}
