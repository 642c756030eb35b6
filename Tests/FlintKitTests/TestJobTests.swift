import FlintKit
import Foundation
import Testing

/// `TestJob`, the job behind `flint test`: suites run in order (timed), problems are heard as
/// they are found, and the outcome (passed, failed, invalid; coverage below the minimum) is
/// decided here, not in the command.
@Suite struct TestJobTests {
  static let rules = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        match /posts/{id} { allow read: if request.auth != null; }
      }
    }

    """

  static func folder(_ cases: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flint-testjob-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try Data(rules.utf8).write(to: url.appendingPathComponent("firestore.rules"))
    let suite = #"{"rules": "firestore.rules", "cases": [\#(cases)]}"#
    try Data(suite.utf8).write(to: url.appendingPathComponent("suite.json"))
    return url
  }

  static let signedIn =
    #"{"name": "in", "request": {"method": "get", "path": "posts/p", "auth": {"uid": "a"}}, "expect": "allow"}"#
  static let signedOut = #"{"name": "out", "request": {"method": "get", "path": "posts/p"}, "expect": "deny"}"#

  @Test("all pass: passed; an allow never denied is below --min-coverage 100, with the message")
  func coverageShortfall() throws {
    let url = try Self.folder(Self.signedIn)
    defer { try? FileManager.default.removeItem(at: url) }
    let file = url.appendingPathComponent("suite.json").path
    let plain = TestJob.run(.init(files: [file]))
    #expect(plain.outcome == .passed && plain.coverageShortfall == nil)
    let measured = TestJob.run(.init(files: [file], measuring: true, minCoverage: 100))
    #expect(measured.outcome == .failed)
    #expect(
      measured.coverageShortfall == "0 of 1 allow statements granted and denied (0.0%), below --min-coverage 100%")
    let both = try Self.folder(Self.signedIn + ", " + Self.signedOut)
    defer { try? FileManager.default.removeItem(at: both) }
    let covered = TestJob.run(
      .init(files: [both.appendingPathComponent("suite.json").path], measuring: true, minCoverage: 100))
    #expect(covered.outcome == .passed && covered.coverageShortfall == nil)
  }

  @Test("suites and the rules they name come from the input's reader: no disk needed")
  func inMemory() {
    let files = MemoryFiles([
      "app/firestore.rules": Self.rules,
      "app/suite.json": #"{"rules": "firestore.rules", "cases": [\#(Self.signedIn), \#(Self.signedOut)]}"#,
    ])
    let output = TestJob.run(.init(files: ["app/suite.json"], reader: files.reader))
    #expect(output.outcome == .passed)
    #expect(output.results.count == 1 && output.results[0].passed == 2)
    let missing = TestJob.run(.init(files: ["app/other.json"], reader: files.reader))
    #expect(missing.outcome == .invalid)
  }

  @Test("an unloadable suite: invalid, heard once, the others still run in order")
  func invalidSuite() throws {
    let url = try Self.folder(Self.signedIn)
    defer { try? FileManager.default.removeItem(at: url) }
    let good = url.appendingPathComponent("suite.json").path
    let missing = url.appendingPathComponent("missing.json").path
    var heard: [String] = []
    let output = TestJob.run(.init(files: [missing, good])) { heard.append($0.description) }
    #expect(output.outcome == .invalid)
    #expect(heard.count == 1 && heard[0].contains("missing.json"))
    #expect(output.runs.count == 2 && output.results.count == 1 && output.errors.count == 1)
    #expect(output.results[0].failed == 0)
  }

  @Test("a failing case: failed, and no coverage message even under the minimum")
  func failingCase() throws {
    let url = try Self.folder(Self.signedOut.replacingOccurrences(of: "deny", with: "allow"))
    defer { try? FileManager.default.removeItem(at: url) }
    let output = TestJob.run(
      .init(files: [url.appendingPathComponent("suite.json").path], measuring: true, minCoverage: 100))
    #expect(output.outcome == .failed && output.coverageShortfall == nil)
  }
}
