import FirestoreModel
import FlintKit
import IndexAdvisor
import RulesEngine
import RulesLanguage

/// The project `flint serve` shows: the files `firebase.json` in its folder names for the
/// database (`ProjectFiles`, as `flint query` reads them), the seed data beside the rules
/// (`data.json`, as `flint repl` finds it) and the suites. Paths only: each call reads the files
/// again, so the page sees them as they are on disk now, and the page's own edits of the rules
/// travel in the call (`rules`), never written. What is made from the bytes read (the compiled
/// rules, the loaded seed documents) is kept for the next call with the same bytes (`caches`).
package struct ServedProject: Sendable {
  /// The folder, as given.
  package var directory: String
  package var database: String
  /// The rules file (nil: firebase.json names none).
  package var rules: String?
  /// The seed documents (tagged JSON or REST), when there are some.
  package var data: String?
  /// The index manifest `/api/indexes/add` merges into (nil: firebase.json names none).
  package var indexes: String?
  /// The suite files `/api/suites` runs.
  package var suites: [String]
  /// The Cloud Storage rules files (`storage` in firebase.json), each once, in order.
  package var storageRules: [String] = []
  /// The last few compiled rulesets and loaded seed stores, shared by the copies of this value.
  package let caches = ServedCaches()

  package init(
    directory: String, database: String = DatabaseID.default, rules: String? = nil, data: String? = nil,
    indexes: String? = nil, suites: [String] = []
  ) {
    self.directory = directory
    self.database = database
    self.rules = rules
    self.data = data
    self.indexes = indexes
    self.suites = suites
  }

  /// The project in `directory`: its firebase.json (required), `data.json` beside the rules when
  /// present, and `suites` (files or folders as `flint test` takes them; none given: the suites
  /// in `directory`, if any).
  package static func open(_ directory: String, suites: [String] = []) throws(APIProblem) -> ServedProject {
    let files: ProjectFiles
    do {
      files = try ProjectFiles.resolve(rules: nil, indexes: nil, database: nil, directory: directory)
    } catch {
      throw .invalid(error.message)
    }
    guard files.readConfig else {
      throw .invalid("no \(ProjectFiles.configName) in \(directory) (flint init writes one)")
    }
    var project = ServedProject(
      directory: directory, database: files.database, rules: files.rules, indexes: files.indexes)
    do throws(FirebaseConfigError) {
      var config = files.config
      if config == nil { config = try ProjectFiles.config(in: directory) }
      project.storageRules = (config?.storageRulesFiles ?? []).map {
        directory == "." ? $0.path : FilePath.joined(directory, $0.path)
      }
    } catch {
      throw .invalid(error.message)
    }
    if let rules = files.rules {
      let beside = FilePath.joined(FilePath.parent(rules), "data.json")
      if FileKind.isFile(beside) { project.data = beside }
    }
    do {
      project.suites = try SuiteFiles.expand(suites.isEmpty ? [directory] : suites)
    } catch {
      // No suites in the project's folder is no error: the page says there are none.
      if !suites.isEmpty { throw .invalid(error.description) }
    }
    if let missing = project.suites.first(where: { !FileKind.isFile($0) }) {
      throw .invalid("cannot read the suite '\(missing)': no such file")
    }
    return project
  }

  /// The bytes of one of the project's files.
  func read(_ path: String) throws(APIProblem) -> [UInt8] {
    do {
      return try FileBytes.read(path)
    } catch {
      throw .invalid(error.message)
    }
  }

  /// Every rules file of the project: the database's, then each bucket's.
  package var rulesFiles: [String] { (rules.map { [$0] } ?? []) + storageRules.filter { $0 != rules } }

  /// The rules text to evaluate: the page's `edited` text, else the file on disk. `file` is
  /// one of `rulesFiles` (nil: the database's rules file); its name is that path either way,
  /// so positions and suites agree.
  func rulesBytes(edited: String?, file: String? = nil) throws(APIProblem) -> (name: String, bytes: [UInt8]) {
    if let file {
      guard rulesFiles.contains(file) else {
        let known = rulesFiles.isEmpty ? "none" : rulesFiles.joined(separator: ", ")
        throw .invalid("'\(file)' is not one of the project's rules files (\(known))")
      }
      if let edited { return (file, Array(edited.utf8)) }
      return (file, try read(file))
    }
    let name = rules ?? "firestore.rules"
    if let edited { return (name, Array(edited.utf8)) }
    guard let rules else { throw .invalid("firebase.json names no Firestore rules file and none was sent") }
    return (name, try read(rules))
  }

  /// The compiled rules; rules with errors are a 422 carrying their diagnostics. The same name
  /// and bytes as a recent call give that call's answer.
  func ruleset(edited: String?, file: String? = nil) throws(APIProblem) -> Ruleset {
    let (name, bytes) = try rulesBytes(edited: edited, file: file)
    return try caches.rulesets.value(for: ServedCaches.RulesKey(name: name, bytes: bytes)) {
      Self.compile(name: name, bytes: bytes)
    }.get()
  }

  static func compile(name: String, bytes: [UInt8]) -> Result<Ruleset, APIProblem> {
    do {
      return .success(try SuiteLoader.compileRules(atPath: name) { _ throws(SuiteError) in bytes }.ruleset)
    } catch {
      if case .rules(let source, let diagnostics) = error {
        let shown = diagnostics.map { DiagnosticRenderer.jsonValue($0, in: source) }
        return .failure(.invalid("the rules do not compile", details: [("diagnostics", .array(shown))]))
      }
      return .failure(.invalid(error.description))
    }
  }

  /// The seed documents (none when the project has no data file). The same bytes at the same
  /// request time (a `__server_timestamp__` in the data takes it) as a recent call give that
  /// call's store.
  func store(time: Timestamp) throws(APIProblem) -> DocumentStore {
    guard let data else { return DocumentStore() }
    let bytes = try read(data)
    return try caches.stores.value(for: ServedCaches.DataKey(name: data, bytes: bytes, time: time)) {
      do throws(JSONError) {
        return .success(try FixtureLoader.load(bytes: bytes, file: data, requestTime: time))
      } catch {
        return .failure(.invalid("invalid seed data: \(error.description)"))
      }
    }.get()
  }

  /// The index manifest, when the project names one that exists.
  func manifest() throws(APIProblem) -> (name: String, manifest: IndexManifest)? {
    guard let indexes, FileKind.isFile(indexes) else { return nil }
    let bytes = try read(indexes)
    do {
      return (indexes, try ManifestReader.read(bytes: bytes, file: indexes).manifest)
    } catch {
      throw .invalid("invalid index manifest: \(error.description)")
    }
  }
}
