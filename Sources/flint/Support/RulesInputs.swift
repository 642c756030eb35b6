import ArgumentParser
import FlintKit
import RulesEngine

/// Which rules files a command works on: the FILE arguments, or else the `firestore` and
/// `storage` entries of `firebase.json` in the current directory.
struct RulesInput: Equatable {
  /// The path to open.
  var path: String
  /// The name shown in diagnostics.
  var displayName: String
  /// The name of its summary line: the name, with what a Storage file is deployed to
  /// (`storage.rules (bucket my-app.appspot.com)`).
  var label: String

  init(path: String, displayName: String, label: String? = nil) {
    self.path = path
    self.displayName = displayName
    self.label = label ?? displayName
  }
}

enum RulesInputs {
  /// The inputs for `files`, or from `firebase.json` when `files` is empty: every database's
  /// rules, then every bucket's (Cloud Storage), each labelled with its buckets or deploy
  /// targets. Repeated paths (several databases or buckets sharing one rules file) are checked
  /// once.
  static func resolve(_ files: [String]) throws(UsageProblem) -> [RulesInput] {
    if !files.isEmpty {
      return unique(files.map { RulesInput(path: $0, displayName: $0) })
    }
    let name = ProjectFiles.configName
    let read: FirebaseConfig?
    do {
      read = try ProjectFiles.config()
    } catch {
      throw UsageProblem(error.message)
    }
    guard let config = read else { throw UsageProblem("no FILE given and no \(name) in the current directory") }
    var inputs = config.rulesFiles.map { RulesInput(path: $0, displayName: $0) }
    for file in config.storageRulesFiles {
      let label = file.destinations.isEmpty ? file.path : "\(file.path) (\(file.destinations.joined(separator: ", ")))"
      inputs.append(RulesInput(path: file.path, displayName: file.path, label: label))
    }
    guard !inputs.isEmpty else {
      let firestore =
        config.hasFirestore ? "its \"firestore\" section names no rules file" : "it has no \"firestore\" section"
      throw UsageProblem(
        "'\(name)' names no rules file (\(firestore) and no \"storage\" section): "
          + "add {\"firestore\": {\"rules\": ...}} or {\"storage\": {\"rules\": ...}}, or pass a rules FILE")
    }
    return unique(inputs)
  }

  /// The ruleset in the rules file at `path` (a `--rules` option); a file that cannot be read
  /// or has errors is a usage problem (diagnostics with their source lines).
  static func compile(atPath path: String) throws(UsageProblem) -> Ruleset {
    do {
      return try SuiteLoader.compileRules(atPath: path).ruleset
    } catch {
      throw UsageProblem(error)
    }
  }

  private static func unique(_ inputs: [RulesInput]) -> [RulesInput] {
    var seen = Set<String>()
    return inputs.filter { seen.insert($0.path).inserted }
  }
}
