import FirestoreModel
import FlintKit
import FlintTestSupport
import Foundation
import RulesEngine
import Testing

/// `flint diff` on the golden pairs of `Corpus/diff/` (NAME.old.rules, NAME.new.rules): the JSON
/// report matches NAME.expected.json, and every witness, replayed as a suite case against both
/// files, gets the verdict the report claims (allowed by one, denied by the other).
@Suite struct DiffGoldenTests {
  static let pairs = [
    "tightening", "loosening", "function-extracted", "write-split", "reordered", "recursive-overlap",
    "create-null", "affected-keys", "role-check", "custom-claims", "time-bounds", "storage-size-cap",
    "storage-content-type", "storage-owner", "storage-lookup",
  ]

  @Test(arguments: pairs)
  func goldenReport(_ name: String) throws {
    let report = try DiffJob.run(
      DiffJob.Input(
        old: DiffInput.read(PackagePaths.url("Corpus/diff/\(name).old.rules").path),
        new: DiffInput.read(PackagePaths.url("Corpus/diff/\(name).new.rules").path)))
    Golden.expect(DiffRenderer.json(report), matches: "Corpus/diff/\(name).expected.json")
  }

  @Test(arguments: pairs)
  func witnessesReplayInSuites(_ name: String) throws {
    let report = try DiffJob.run(
      DiffJob.Input(
        old: DiffInput.read(PackagePaths.url("Corpus/diff/\(name).old.rules").path),
        new: DiffInput.read(PackagePaths.url("Corpus/diff/\(name).new.rules").path)))
    for change in report.changes {
      for witness in change.witnesses {
        let json = JSONValue.object(JSONObject(DiffRenderer.suiteInputs(witness)))
        for side in ["old", "new"] {
          let expect = side == witness.allowedBy.rawValue ? "allow" : "deny"
          let verdict = try SuiteReplay.verdict(
            of: json, rules: PackagePaths.text("Corpus/diff/\(name).\(side).rules"))
          #expect(verdict == expect, "\(name) \(change.method) \(change.match): \(side) gives \(verdict)")
        }
      }
    }
  }
}

/// Runs one witness (`{"request", "data"}` as `flint diff --format json` prints it, with `bucket`
/// and `objects` for Cloud Storage) as a one-case suite against `rules` and returns the verdict.
enum SuiteReplay {
  static func verdict(of witness: JSONValue, rules: String) throws -> String {
    guard let object = witness.objectValue, let request = object["request"], let data = object["data"] else {
      return "malformed witness"
    }
    var members: [(String, JSONValue)] = [("rules", "rules.rules"), ("data", data)]
    for key in ["bucket", "objects"] { if let value = object[key] { members.append((key, value)) } }
    members.append(
      ("cases", .array([.object([("name", "witness"), ("request", request), ("expect", "allow")])])))
    let suite: JSONValue = .object(JSONObject(members))
    let files = MemoryFiles(["rules.rules": rules, "suite.json": suite.text(.compact)])
    let loaded = try files.load()
    let result = SuiteRunner(options: EvaluationOptions(traceLevel: .none)).run(loaded)
    guard let outcome = result.cases.first?.outcome else { return "no case" }
    return outcome.verdict.rawValue
  }
}
