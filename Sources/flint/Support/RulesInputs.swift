import ArgumentParser
import FlintKit
import RulesEngine

/// Which rules files a command works on: the FILE arguments, or else the `firestore` entries
/// of `firebase.json` in the current directory.
struct RulesInput: Equatable {
  /// The path to open.
  var path: String
  /// The name shown in diagnostics.
  var displayName: String
}

enum RulesInputs {
  /// The inputs for `files`, or from `firebase.json` when `files` is empty (every database's
  /// rules, with the Cloud Storage rules it names, which are not checked). Repeated paths
  /// (several databases sharing one rules file) are checked once.
  static func resolve(_ files: [String]) throws(UsageProblem) -> (inputs: [RulesInput], storageRules: [String]) {
    if !files.isEmpty {
      return (unique(files.map { RulesInput(path: $0, displayName: $0) }), [])
    }
    let name = ProjectFiles.configName
    let read: FirebaseConfig?
    do {
      read = try ProjectFiles.config()
    } catch {
      throw UsageProblem(error.message)
    }
    guard let config = read else { throw UsageProblem("no FILE given and no \(name) in the current directory") }
    guard !config.rulesFiles.isEmpty else {
      throw UsageProblem("'\(name)' names no Firestore rules file (\"firestore\": {\"rules\": ...})")
    }
    return (config.rulesFiles.map { RulesInput(path: $0, displayName: $0) }, config.storageRules)
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
