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
    #expect(lines.first == "suite.json:3: FAIL bob reads alice: expected allow, got deny")
    #expect(lines.contains("DENY get /databases/(default)/documents/users/alice"))
    #expect(lines.contains("  reason: false for 'get' @ L5"))
    let source = "    5 |       allow read: if request.auth != null && request.auth.uid == uid;"
    let caret = "      |                                              ^~~~~~~~~~~~~~~~~~~~~~~ false"
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
    // The invalid case is reported; the other one runs.
    #expect(result.stdout == "1 passed, 0 failed\n")
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
    // firebase.json, seed data and index manifests in the folder are not suites: skipped.
    try box.write("suites/firebase.json", #"{"firestore": {"rules": "firestore.rules"}}"#)
    try box.write("suites/data.json", #"{"users/alice": {"name": "Alice"}}"#)
    try box.write("suites/firestore.indexes.json", #"{"indexes": [], "fieldOverrides": []}"#)
    let result = try box.run("test", "suites")
    #expect(result.status == 0)
    #expect(result.stdout == "3 passed, 0 failed\n")
    #expect(result.stderr.isEmpty)

    // A file that does not parse and does not look like a suite (a broken manifest draft) is
    // skipped too, without a word.
    try box.write("suites/draft.json", #"{"indexes": [], "fieldOverrides": [}"#)
    try box.write("suites/notes.yaml", "title: [unclosed\n")
    let drafts = try box.run("test", "suites")
    #expect(drafts.status == 0)
    #expect(drafts.stdout == "3 passed, 0 failed\n")
    #expect(drafts.stderr.isEmpty)

    // One that looks like a suite (a "cases" key, or a .test.* name) is reported.
    try box.write("suites/c.json", #"{"rules": "firestore.rules", "cases": [}"#)
    let mixed = try box.run("test", "suites")
    #expect(mixed.status == 2)
    #expect(mixed.stdout == "3 passed, 0 failed\n")
    #expect(mixed.stderr.hasPrefix("suites/c.json:1:"))
    try FileManager.default.removeItem(at: box.url.appendingPathComponent("suites/c.json"))
    try box.write("suites/d.yaml", "rules: firestore.rules\ncases:\n  - name: [unclosed\n")
    try box.write("suites/e.test.json", "{")
    let yaml = try box.run("test", "suites")
    #expect(yaml.status == 2)
    let reported = yaml.stderr.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
    #expect(reported == ["suites/d.yaml", "suites/e.test.json"])
  }

  @Test("an invalid suite: every case's error with file:line:col, and JSON errors with --format json")
  func invalidSuiteReportsEveryError() throws {
    let box = try Sandbox()
    try box.write("firestore.rules", rules)
    try box.write(
      "suite.json",
      """
      {"rules": "firestore.rules", "cases": [
        {"name": "a", "request": {"method": "got", "path": "users/alice"}, "expect": "allow"},
        {"name": "b", "request": {"method": "get", "path": "users/alice"}, "expect": "allow"},
        {"name": "c", "request": {"method": "get", "path": "users"}, "expect": "maybe"}
      ]}
      """)
    let text = try box.run("test", "suite.json")
    #expect(text.status == 2)
    let errors = text.stderr.split(separator: "\n").map(String.init)
    // Every problem of every case: c has two.
    #expect(errors.count == 3)
    #expect(errors.first?.hasPrefix("suite.json:2:39: $.cases[0].request.method: expected one of") == true)
    #expect(errors.last?.hasPrefix("suite.json:4:") == true)
    #expect(text.stdout.hasSuffix("0 passed, 1 failed\n"))
    let json = try box.run("test", "--format", "json", "suite.json")
    #expect(json.status == 2)
    // Problems outside the cases are collected too.
    try box.write("top.json", #"{"rules": "firestore.rules", "tyme": "x", "time": "soon", "cases": [{"name": "a"}]}"#)
    let top = try box.run("test", "top.json")
    #expect(top.stderr.split(separator: "\n").count == 4)
    #expect(top.stderr.contains(#"$.cases[0]: missing required key "expect""#))
    #expect(top.stderr.contains("tyme"))
    #expect(top.stderr.contains("$.time"))
    #expect(json.stdout.hasPrefix(#"{"suites": [{"file": "suite.json", "cases": [{"name": "b""#))
    #expect(
      json.stdout.contains(
        #""errors": [{"file": "suite.json", "line": 2, "column": 39, "path": "$.cases[0].request.method""#))
  }

  @Test("explanations are short by default; --explain full keeps the whole trace")
  func shortExplanations() throws {
    let box = try Sandbox()
    try box.write("firestore.rules", rules)
    try box.write("suite.json", suite("allow"))
    let short = try box.run("test", "suite.json")
    #expect(short.status == 1)
    #expect(short.stdout.split(separator: "\n").count <= 10)
    #expect(short.stdout.contains("where request.auth.uid = 'bob'"))
    #expect(!short.stdout.contains("└─"))
    let full = try box.run("test", "--explain", "full", "suite.json")
    #expect(full.status == 1)
    #expect(full.stdout.contains("└─"))
    #expect(full.stdout.split(separator: "\n").count > short.stdout.split(separator: "\n").count)
  }

  @Test("an unexpected ALLOW names the allow that granted it, in the text, JSON and JUnit reports")
  func unexpectedAllowIsExplained() throws {
    let box = try Sandbox()
    try box.write("firestore.rules", rules)
    try box.write(
      "suite.json",
      #"{"rules": "firestore.rules", "cases": [{"name": "alice reads herself", "request": {"method": "get", "path": "users/alice", "auth": {"uid": "alice"}}, "expect": "deny"}]}"#
    )
    let text = try box.run("test", "suite.json")
    #expect(text.status == 1)
    #expect(
      text.stdout == """
        suite.json:1: FAIL alice reads herself: expected deny, got allow
        ALLOW get /databases/(default)/documents/users/alice
          granted by firestore.rules:5: allow read: if request.auth != null && request.auth.uid == uid
            in match /databases/{database}/documents/users/{uid} (uid = 'alice')
            request.auth != null → true (request.auth = {'token': {'firebase': {'identities': {}…)
            request.auth.uid == uid → true (request.auth.uid = 'alice', uid = 'alice')

        0 passed, 1 failed

        """)
    // JSON: the allow that granted, with its line and the expression's values.
    let json = try box.run("test", "--format", "json", "suite.json")
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let cases = ((object?["suites"] as? [[String: Any]])?.first?["cases"]) as? [[String: Any]]
    let allows = (cases?.first?["explanation"] as? [String: Any])?["allows"] as? [[String: Any]]
    #expect(allows?.first?["outcome"] as? String == "granted")
    #expect(allows?.first?["line"] as? Int == 5)
    #expect(allows?.first?["expression"] != nil)
    // JUnit: the failure's body is the same explanation.
    let junit = try box.run("test", "--format", "junit", "suite.json")
    #expect(
      junit.stdout.contains(
        "  granted by firestore.rules:5: allow read: if request.auth != null &amp;&amp; request.auth.uid == uid\n"))
  }

  @Test("a get() of a document the batch creates: the path once in plain words, no protobuf text")
  func batchGetIsExplainedPlainly() throws {
    let box = try Sandbox()
    try box.write(
      "firestore.rules",
      """
      rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          match /rooms/{roomId} {
            allow create: if request.auth != null;
            match /messages/{id} {
              allow create: if get(/databases/$(database)/documents/rooms/$(roomId)).data.owner == request.auth.uid;
            }
          }
        }
      }

      """)
    try box.write(
      "suite.yaml",
      """
      rules: firestore.rules
      cases:
        - name: a room and its first message
          batch:
            - {method: create, path: rooms/r1, auth: {uid: bob}, data: {owner: bob}}
            - {method: create, path: rooms/r1/messages/m1, auth: {uid: bob}, data: {text: hi}}
          expect: allow

      """)
    let result = try box.run("test", "suite.yaml")
    #expect(result.status == 1)
    #expect(!result.stdout.contains("path_value"))
    #expect(
      result.stdout.contains(
        "  note: get() found no document at /rooms/r1: get() reads the database as it was before the batch, and write 1 of the batch creates it; getAfter() reads the state after the batch\n"
      ))
    // The batch should pass: the write it allowed is one line, the denied one is explained.
    #expect(result.stdout.contains("[1/2] ALLOW create /databases/(default)/documents/rooms/r1\n[2/2] DENY "))
    let json = try box.run("test", "--format", "json", "suite.yaml")
    #expect(!json.stdout.contains("path_value"))
  }

  @Test("a folder without suites says so, in JSON too with --format json")
  func noSuites() throws {
    let box = try Sandbox()
    try box.write("project/firebase.json", #"{"firestore": {"rules": "firestore.rules"}}"#)
    let result = try box.run("test", "project")
    #expect(result.status == 2)
    #expect(result.stderr == "flint: no suites found in project\n")
    #expect(result.stdout.isEmpty)
    // --format json: a JSON report holding the error, same exit status.
    let json = try box.run("test", "--format", "json", "project")
    #expect(json.status == 2)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(object?["passed"] as? Int == 0)
    #expect((object?["suites"] as? [Any])?.isEmpty == true)
    let errors = object?["errors"] as? [[String: Any]]
    #expect(errors?.map { $0["message"] as? String } == ["no suites found in project"])
    let none = try box.run("test", "--format", "json")
    #expect(none.status == 2)
    #expect(none.stdout.contains("no SUITE given and no suites found in the current folder"))
  }

  @Test("no argument runs the suites of the current folder, the one flint init wrote included")
  func currentFolder() throws {
    let box = try Sandbox()
    #expect(try box.run("init").status == 0)
    let result = try box.run("test")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.hasSuffix(" passed, 0 failed\n"))
    #expect(!result.stdout.hasPrefix("0 passed"))
  }

  @Test("an invalid case is reported with all its problems and the other cases still run")
  func invalidCaseAlone() throws {
    let box = try Sandbox()
    try box.write("firestore.rules", rules)
    try box.write(
      "suite.yaml",
      """
      rules: firestore.rules
      data: {users/alice: {name: Alice}}
      cases:
        - name: alice reads herself
          request: {method: get, path: users/alice, auth: {uid: alice}}
          expect: allow
        - name: a collection path
          request: {method: get, path: users, auth: {uid: alice}, colour: red}
          expect: maybe
        - name: bob reads alice
          request: {method: get, path: users/alice, auth: {uid: bob}}
          expect: deny
      """)
    let result = try box.run("test", "suite.yaml")
    #expect(result.status == 2)
    #expect(result.stdout == "2 passed, 0 failed\n")
    #expect(result.stderr.contains("$.cases[1].expect: expected one of allow, deny, not-found, already-exists"))
    #expect(result.stderr.contains("$.cases[1].request.colour: unknown key"))
    #expect(result.stderr.contains("$.cases[1].request.path: a get request targets a document"))
    let junit = try box.run("test", "--format", "junit", "suite.yaml")
    #expect(junit.status == 2)
    #expect(junit.stdout.contains(#"tests="3" failures="0" errors="1""#))
    let json = try box.run("test", "--format", "json", "suite.yaml")
    #expect(json.stdout.contains(#""passed": 2"#))
    #expect(json.stdout.contains("$.cases[1].expect"))
  }

  @Test("files starting with a UTF-8 byte order mark read as without it")
  func byteOrderMark() throws {
    let box = try Sandbox()
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    try box.write("firestore.rules", bytes: bom + Array(rules.utf8))
    try box.write("data.json", bytes: bom + Array(#"{"users/alice": {"name": "Alice"}}"#.utf8))
    let yaml = """
      rules: firestore.rules
      data: data.json
      cases:
        - name: alice reads herself
          request: {method: get, path: users/alice, auth: {uid: alice}}
          expect: allow

      """
    try box.write("suite.yaml", bytes: bom + Array(yaml.utf8))
    let result = try box.run("test", "suite.yaml")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout == "1 passed, 0 failed\n")
    let check = try box.run("check", "firestore.rules")
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(check.stdout == "firestore.rules: 0 errors, 0 warnings\n")
    try box.write("firebase.json", bytes: bom + Array(#"{"firestore": {"rules": "firestore.rules"}}"#.utf8))
    #expect(try box.run("check").status == 0)
    try box.write("q.txt", bytes: bom + Array(#"collection("users").where("a", "==", 1).orderBy("b")"#.utf8))
    let indexes = try box.run("indexes", "q.txt")
    #expect(indexes.status == 0, "\(indexes.stderr)")
  }

  @Test("the bundled corpus passes")
  func corpus() throws {
    let folder = FlintRunner.packageRoot.appendingPathComponent("Corpus/suites")
    let result = try FlintRunner.run(["test", "."], in: folder)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.hasSuffix(" passed, 0 failed\n"))
  }
}
