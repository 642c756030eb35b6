import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

private let rules = """
  rules_version = '2';
  service cloud.firestore {
    match /databases/{database}/documents {
      match /users/{uid} {
        allow read: if request.auth != null && request.auth.uid == uid;
        allow write: if request.auth.uid == uid;
      }
    }
  }

  """

private func suite(_ bobExpects: String = "deny") -> String {
  """
  {"rules": "firestore.rules", "cases": [
    {"name": "alice reads herself", "request": {"method": "get", "path": "users/alice", "auth": {"uid": "alice"}}, "expect": "allow"},
    {"name": "bob <reads> alice", "request": {"method": "get", "path": "users/alice", "auth": {"uid": "bob"}}, "expect": "\(bobExpects)"}
  ]}
  """
}

@Suite("flint test --format junit, --coverage")
struct TestReportsCommandTests {
  static func sandbox(_ bobExpects: String = "deny") throws -> Sandbox {
    let box = try Sandbox()
    try box.write("firestore.rules", rules)
    try box.write("suite.json", suite(bobExpects))
    return box
  }

  @Test("--format junit: a failing case is a <failure> with its explanation, a missing suite an <error>; exit 2")
  func junit() throws {
    let result = try Self.sandbox("allow").run("test", "--format", "junit", "suite.json", "missing.json")
    #expect(result.status == 2)
    let document = try XMLDocument(xmlString: result.stdout, options: [])
    let suites = try #require(document.rootElement()?.elements(forName: "testsuite"))
    #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["suite.json", "missing.json"])
    let failure = try #require(suites[0].elements(forName: "testcase")[1].elements(forName: "failure").first)
    #expect(failure.stringValue?.hasPrefix("suite.json:3: FAIL bob <reads> alice: expected allow, got deny") == true)
    #expect(suites[1].elements(forName: "testcase").first?.elements(forName: "error").isEmpty == false)
    #expect(result.stderr.contains("cannot read 'missing.json'"))
  }

  @Test("--coverage alone: the text report after the test report")
  func coverageText() throws {
    let result = try Self.sandbox().run("test", "suite.json", "--coverage")
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("2 passed, 0 failed\n\nfirestore.rules: allows 1/2 granted and denied (50.0%)"))
    #expect(result.stdout.contains("allow: 1 granted, 1 denied"))
    #expect(result.stdout.contains("allow: never evaluated"))
    // Before a suite, `--coverage` still takes no format.
    let before = try Self.sandbox().run("test", "--coverage", "suite.json")
    #expect(before.status == 0)
    #expect(before.stdout == result.stdout)
  }

  @Test("--coverage lcov --coverage-out: written to the file, stdout keeps the test report")
  func coverageFile() throws {
    let box = try Self.sandbox()
    let result = try box.run("test", "--coverage", "lcov", "--coverage-out", "out/coverage.lcov", "suite.json")
    // The folder does not exist: checked before running anything.
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    let written = try box.run("test", "--coverage", "lcov", "--coverage-out", "coverage.lcov", "suite.json")
    #expect(written.status == 0)
    #expect(written.stdout == "2 passed, 0 failed\n")
    let lcov = try String(contentsOf: box.url.appendingPathComponent("coverage.lcov"), encoding: .utf8)
    #expect(lcov.hasPrefix("TN:\nSF:firestore.rules\n"))
    #expect(lcov.contains("BRDA:5,0,0,1\nBRDA:5,0,1,1\nBRDA:6,1,0,-\nBRDA:6,1,1,-\n"))
    #expect(lcov.hasSuffix("end_of_record\n"))
  }

  @Test("--coverage html --coverage-out: one self-contained page")
  func coverageHTML() throws {
    let box = try Self.sandbox()
    let result = try box.run("test", "--coverage", "html", "--coverage-out", "coverage.html", "suite.json")
    #expect(result.status == 0)
    #expect(result.stdout == "2 passed, 0 failed\n")
    let page = try String(contentsOf: box.url.appendingPathComponent("coverage.html"), encoding: .utf8)
    #expect(page.hasPrefix("<!DOCTYPE html>\n"))
    #expect(page.contains(##"<a href="#file-0">firestore.rules</a>"##))
    // Nothing is fetched: no external stylesheet, script or image.
    #expect(!page.contains("src=") && !page.contains("<link") && !page.contains("http"))
  }

  @Test("--min-coverage: exit 1 below the percentage, 0 at or above it")
  func minCoverage() throws {
    let box = try Self.sandbox()
    let below = try box.run("test", "suite.json", "--min-coverage", "60")
    #expect(below.status == 1)
    #expect(below.stdout == "2 passed, 0 failed\n")
    #expect(below.stderr == "flint: 1 of 2 allow statements granted and denied (50.0%), below --min-coverage 60%\n")
    #expect(try box.run("test", "suite.json", "--min-coverage", "50").status == 0)
    #expect(try box.run("test", "suite.json", "--min-coverage", "101").status == 2)
  }

  @Test("--coverage json with --format json needs --coverage-out")
  func coverageNeedsAFileBesideJSON() throws {
    let box = try Self.sandbox()
    let result = try box.run("test", "--format", "json", "--coverage", "json", "suite.json")
    #expect(result.status == 2)
    #expect(result.stderr.contains("needs --coverage-out"))
    let written = try box.run(
      "test", "--format", "json", "--coverage", "json", "--coverage-out", "c.json", "suite.json")
    #expect(written.status == 0)
    let json = try Data(contentsOf: box.url.appendingPathComponent("c.json"))
    let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
    #expect((object?["summary"] as? [String: Any])?["allowsCovered"] as? Int == 1)
  }
}
