import Foundation
import Testing

private let rules = """
  rules_version = '2';
  service cloud.firestore {
    match /databases/{database}/documents {
      match /users/{uid} {
        allow read: if request.auth != null && request.auth.uid == uid;
      }
    }
  }

  """

private func suite(_ bobExpects: String) -> String {
  """
  {"rules": "firestore.rules", "data": {"users/alice": {"name": "Alice"}}, "cases": [
    {"name": "alice reads herself", "request": {"method": "get", "path": "users/alice", "auth": {"uid": "alice"}}, "expect": "allow"},
    {"name": "bob reads alice", "request": {"method": "get", "path": "users/alice", "auth": {"uid": "bob"}}, "expect": "\(bobExpects)"}
  ]}
  """
}

@Suite("flint test")
struct TestCommandTests {
  @Test("all cases pass: exit 0 and only the count")
  func passing() throws {
    let box = try Sandbox()
    try box.write("firestore.rules", rules)
    try box.write("suite.json", suite("deny"))
    let result = try box.run("test", "suite.json")
    #expect(result.status == 0)
    #expect(result.stdout == "2 passed, 0 failed\n")
    #expect(result.stderr.isEmpty)
  }

  @Test("a failing case: exit 1, its explanation with a caret, the count on the last line")
  func failing() throws {
    let box = try Sandbox()
    try box.write("firestore.rules", rules)
    try box.write("suite.json", suite("allow"))
    let result = try box.run("test", "suite.json")
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "FAIL suite.json: bob reads alice: expected allow, got deny")
    #expect(lines.contains("DENY get /databases/(default)/documents/users/alice"))
    #expect(lines.contains("  reason: false for 'get' @ L5"))
    let source = "      5 |       allow read: if request.auth != null && request.auth.uid == uid;"
    let caret = "        |                                              ^~~~~~~~~~~~~~~~~~~~~~~ false"
    #expect(lines.contains(source))
    #expect(lines.contains(caret))
    #expect(lines.last == "1 passed, 1 failed")
    #expect(result.stdout.hasSuffix("\n1 passed, 1 failed\n"))
  }

  @Test("--format json: one document with every case")
  func json() throws {
    let box = try Sandbox()
    try box.write("firestore.rules", rules)
    try box.write("suite.json", suite("allow"))
    let result = try box.run("test", "--format", "json", "suite.json")
    #expect(result.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect(object?["passed"] as? Int == 1)
    #expect(object?["failed"] as? Int == 1)
    let suites = object?["suites"] as? [[String: Any]]
    #expect(suites?.first?["file"] as? String == "suite.json")
    let cases = suites?.first?["cases"] as? [[String: Any]]
    #expect(cases?.count == 2)
    #expect(cases?[1]["actual"] as? String == "deny")
    #expect(cases?[1]["pass"] as? Bool == false)
    #expect((cases?[1]["explanation"] as? [String: Any])?["summary"] as? String == "false for 'get' @ L5")
  }

  @Test("an invalid suite: exit 2, file, JSON path and reason on stderr")
  func invalidSuite() throws {
    let box = try Sandbox()
    try box.write("firestore.rules", rules)
    try box.write(
      "suite.json",
      suite("allow").replacingOccurrences(
        of: #""method": "get", "path": "users/alice", "auth": {"uid": "bob"}"#,
        with: #""method": "read", "path": "users/alice""#))
    let result = try box.run("test", "suite.json")
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("suite.json:3:"))
    #expect(result.stderr.contains("$.cases[1].request.method: expected one of get, list, create, update, delete\n"))
  }

  @Test("rules that do not compile: exit 2 with the diagnostics")
  func brokenRules() throws {
    let box = try Sandbox()
    try box.write("firestore.rules", rules.replacingOccurrences(of: "== uid", with: "== (uid"))
    try box.write("suite.json", suite("deny"))
    let result = try box.run("test", "suite.json")
    #expect(result.status == 2)
    #expect(result.stderr.contains("firestore.rules:5:"))
    #expect(result.stderr.contains("error:"))
  }

  @Test("rules Google deploys with warnings (an undefined name) still run; the name denies at run time")
  func rulesWithRuntimeFailures() throws {
    let box = try Sandbox()
    try box.write("firestore.rules", rules.replacingOccurrences(of: "== uid", with: "== userId"))
    try box.write("suite.json", suite("deny"))
    let result = try box.run("test", "suite.json")
    // Alice's own read now fails (the variable is undefined at run time): a failed case, exit 1.
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("alice reads herself"))
    #expect(!result.stderr.contains("error:"))
  }

  @Test("missing files and no arguments: exit 2")
  func usage() throws {
    let box = try Sandbox()
    let missing = try box.run("test", "nope.json")
    #expect(missing.status == 2)
    #expect(missing.stderr == "flint: cannot read 'nope.json': No such file or directory\n")
    let none = try box.run("test")
    #expect(none.status == 2)
    try box.write("suite.json", suite("deny"))
    let noRules = try box.run("test", "suite.json")
    #expect(noRules.status == 2)
    #expect(noRules.stderr == "flint: cannot read 'firestore.rules': No such file or directory\n")
  }

  @Test("a folder runs its suites (JSON and YAML); one bad suite still exits 2")
  func folder() throws {
    let box = try Sandbox()
    try box.write("suites/firestore.rules", rules)
    try box.write("suites/a.json", suite("deny"))
    try box.write(
      "suites/b.yaml",
      """
      rules: firestore.rules
      cases:
        - name: signed out
          request: {method: get, path: users/alice, auth: null}
          expect: deny
      """)
    let result = try box.run("test", "suites")
    #expect(result.status == 0)
    #expect(result.stdout == "3 passed, 0 failed\n")

    try box.write("suites/c.json", "{")
    let mixed = try box.run("test", "suites")
    #expect(mixed.status == 2)
    #expect(mixed.stdout == "3 passed, 0 failed\n")
    #expect(mixed.stderr.hasPrefix("suites/c.json:1:2: "))
  }

  @Test("the bundled corpus passes")
  func corpus() throws {
    let folder = FlintRunner.packageRoot.appendingPathComponent("Corpus/suites")
    let result = try FlintRunner.run(["test", "."], in: folder)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.hasSuffix(" passed, 0 failed\n"))
  }
}
