import FlintKit
import RulesLanguage

/// Front door: a `flint test` suite (JSON or YAML, chosen by the first byte), loaded,
/// validated and run against the sample rules (or, when its rules file names storage, Cloud
/// Storage rules); its data files resolve to the sample data.
public enum SuiteHarness {
  public static func run(_ bytes: [UInt8]) throws(InvariantViolation) {
    guard let first = bytes.first else { return }
    let name = first & 1 == 0 ? "suite.json" : "suite.yaml"
    let input = Array(bytes.dropFirst())
    let rules = Array(FuzzFixtures.rules.utf8)
    let data = Array(FuzzFixtures.data.utf8)
    var loader = SuiteLoader { path throws(SuiteError) in
      if path == name { return input }
      if path.hasSuffix(".rules") { return path.contains("storage") ? Array(FuzzFixtures.storageRules.utf8) : rules }
      if path.hasSuffix(".json") { return data }
      throw .unreadable("cannot read '\(path)': No such file or directory")
    }
    let suite: RuleSuite
    do {
      suite = try loader.load(file: name)
    } catch {
      try Invariants.visible(error.description, what: "suite error")
      return
    }
    let result = SuiteRunner().run(suite)
    _ = SuiteReport.text([result])
    _ = SuiteReport.json([result])
  }
}
