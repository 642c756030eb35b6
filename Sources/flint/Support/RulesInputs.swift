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
  static let configName = "firebase.json"

  /// The inputs for `files`, or from `firebase.json` when `files` is empty. Repeated paths
  /// (several databases sharing one rules file) are checked once.
  static func resolve(_ files: [String]) throws(UsageProblem) -> [RulesInput] {
    if !files.isEmpty {
      return unique(files.map { RulesInput(path: $0, displayName: $0) })
    }
    guard FileReader.exists(configName) else {
      throw UsageProblem("no FILE given and no \(configName) in the current directory")
    }
    let config = try config(bytes: try FileReader.bytes(atPath: configName))
    guard !config.entries.isEmpty else {
      throw UsageProblem("'\(configName)' names no Firestore rules file (\"firestore\": {\"rules\": ...})")
    }
    return unique(config.entries.map { RulesInput(path: $0.rules, displayName: $0.rules) })
  }

  /// The Cloud Storage rules files `firebase.json` in the current directory names (none when
  /// it is missing or unreadable: `resolve` reports that).
  static func storageRules() -> [String] {
    guard let bytes = try? FileReader.bytes(atPath: configName), let config = try? config(bytes: bytes) else {
      return []
    }
    return config.storageRules
  }

  /// The `firebase.json` in `bytes`, its problems as usage problems.
  static func config(bytes: [UInt8]) throws(UsageProblem) -> FirebaseConfig {
    do {
      return try FirebaseConfig(bytes: bytes, name: configName)
    } catch {
      throw UsageProblem(error.message)
    }
  }

  /// The ruleset in the rules file at `path` (a `--rules` option). When the file cannot be
  /// read or has errors, prints the message (diagnostics with their source lines) and ends
  /// the command with the usage status.
  static func compile(atPath path: String) throws -> Ruleset {
    do {
      return try SuiteLoader.compileRules(atPath: path).ruleset
    } catch {
      switch error {
      case .unreadable(let message): Output.error("flint: \(message)")
      default: Output.error(error.description)
      }
      throw ExitCode(ExitStatus.usage)
    }
  }

  private static func unique(_ inputs: [RulesInput]) -> [RulesInput] {
    var seen = Set<String>()
    return inputs.filter { seen.insert($0.path).inserted }
  }
}
