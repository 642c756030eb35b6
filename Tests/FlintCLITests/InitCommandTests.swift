import Foundation
import Testing

@Suite("flint init")
struct InitCommandTests {
  func read(_ box: Sandbox, _ name: String) throws -> String {
    try String(contentsOf: box.url.appendingPathComponent(name), encoding: .utf8)
  }

  @Test("an empty folder gets rules, a passing suite, an empty index manifest and firebase.json")
  func emptyFolder() throws {
    let box = try Sandbox()
    let result = try box.run("init")
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        wrote firestore.rules
        wrote firestore.rules.test.yaml
        wrote firestore.indexes.json
        wrote firebase.json
        next: flint check --strict && flint test firestore.rules.test.yaml

        """)
    #expect(try read(box, "firestore.indexes.json") == "{\"indexes\": [], \"fieldOverrides\": []}\n")
    #expect(try box.run("check").status == 0)
    let suite = try box.run("test", "firestore.rules.test.yaml")
    #expect(suite.status == 0)
    #expect(suite.stdout == "6 passed, 0 failed\n")
    // The folder's other files are not suites: a folder run finds only the suite.
    #expect(try box.run("test", ".").stdout == "6 passed, 0 failed\n")
  }

  @Test("beside an existing firebase.json: nothing is overwritten, skipped files are named")
  func besideConfig() throws {
    let box = try Sandbox()
    try box.write("firebase.json", #"{"hosting": {}}"#)
    try box.write("firestore.rules", "// mine\n")
    let result = try box.run("init")
    #expect(result.status == 0)
    #expect(result.stdout.contains("skipped firestore.rules (it exists; left unchanged)"))
    #expect(result.stdout.contains("wrote firestore.rules.test.yaml"))
    #expect(!result.stdout.contains("wrote firebase.json"))
    #expect(try read(box, "firestore.rules") == "// mine\n")
  }

  @Test("a firebase.json without a firestore section gets one; its other keys and layout are kept")
  func addsFirestoreSection() throws {
    let box = try Sandbox()
    let hosting = """
      {
          "hosting": {
              "public": "public",
              "ignore": ["firebase.json"]
          },
          "emulators": {"ui": {"enabled": true}}
      }

      """
    try box.write("firebase.json", hosting)
    let result = try box.run("init")
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        wrote firestore.rules
        wrote firestore.rules.test.yaml
        wrote firestore.indexes.json
        updated firebase.json: added the firestore section
        next: flint check --strict && flint test firestore.rules.test.yaml

        """)
    #expect(
      try read(box, "firebase.json") == """
        {
            "hosting": {
                "public": "public",
                "ignore": ["firebase.json"]
            },
            "emulators": {"ui": {"enabled": true}},
            "firestore": {
                "rules": "firestore.rules",
                "indexes": "firestore.indexes.json"
            }
        }

        """)
    // The hint works: check and test succeed.
    #expect(try box.run("check").status == 0)
    #expect(try box.run("test", "firestore.rules.test.yaml").stdout == "6 passed, 0 failed\n")
    // A one-line firebase.json stays on one line.
    let line = try Sandbox()
    try line.write("firebase.json", #"{"hosting": {}}"#)
    #expect(try line.run("init").status == 0)
    #expect(
      try read(line, "firebase.json")
        == #"{"hosting": {}, "firestore": {"rules": "firestore.rules", "indexes": "firestore.indexes.json"}}"#)
    #expect(try line.run("check").status == 0)
  }

  @Test("a firestore section naming other files is kept, and the hint checks the starter rules")
  func keepsFirestoreSection() throws {
    let box = try Sandbox()
    let config = #"{"firestore": {"rules": "config/app.rules"}}"# + "\n"
    try box.write("firebase.json", config)
    let result = try box.run("init")
    #expect(result.status == 0)
    let kept = "kept firebase.json's firestore section (it names config/app.rules; left unchanged)"
    #expect(result.stdout.contains(kept))
    #expect(
      result.stdout.hasSuffix("next: flint check --strict firestore.rules && flint test firestore.rules.test.yaml\n"))
    #expect(!result.stdout.contains("updated"))
    #expect(try read(box, "firebase.json") == config)
    #expect(try box.run("check", "firestore.rules").status == 0)
    #expect(try box.run("test", "firestore.rules.test.yaml").status == 0)
    // A section that names firestore.rules needs no note.
    let same = try Sandbox()
    try same.write("firebase.json", #"{"firestore": {"rules": "firestore.rules"}}"#)
    let plain = try same.run("init")
    #expect(plain.stdout.hasSuffix("\nnext: flint check --strict && flint test firestore.rules.test.yaml\n"))
    #expect(!plain.stdout.contains("kept"))
  }

  @Test("--storage in an empty folder: locked-down storage.rules and its suite, named by firebase.json")
  func storageFlag() throws {
    let box = try Sandbox()
    let result = try box.run("init", "--storage")
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        wrote firestore.rules
        wrote firestore.rules.test.yaml
        wrote firestore.indexes.json
        wrote storage.rules
        wrote storage.rules.test.yaml
        wrote firebase.json
        next: flint check --strict && flint test firestore.rules.test.yaml storage.rules.test.yaml

        """)
    #expect(try read(box, "firebase.json").contains(#""storage": {"# + "\n" + #"    "rules": "storage.rules""#))
    #expect(try read(box, "storage.rules").contains("allow read, write: if false;"))
    #expect(try read(box, "storage.rules.test.yaml").hasPrefix("# Rule tests for storage.rules"))
    // The hint's check covers both files, with no warning.
    let check = try box.run("check", "--strict", "--werror")
    #expect(check.status == 0)
    #expect(check.stdout == "firestore.rules: 0 errors, 0 warnings\nstorage.rules: 0 errors, 0 warnings\n")
    // Without --storage, an empty folder gets no Storage files.
    let plain = try Sandbox()
    #expect(try plain.run("init").status == 0)
    #expect(!FileManager.default.fileExists(atPath: plain.url.appendingPathComponent("storage.rules").path))
  }

  @Test("the Storage starter suite passes against the starter rules")
  func storageSuitePasses() throws {
    let box = try Sandbox()
    #expect(try box.run("init", "--storage").status == 0)
    let suite = try box.run("test", "storage.rules.test.yaml")
    #expect(suite.status == 0, "\(suite.stdout)\(suite.stderr)")
    #expect(suite.stdout == "2 passed, 0 failed\n")
  }

  @Test("a firebase.json with a storage section gets the Storage starter; a section naming other rules is kept")
  func storageSection() throws {
    let box = try Sandbox()
    let config = #"{"firestore": {"rules": "firestore.rules"}, "storage": {"rules": "storage.rules"}}"# + "\n"
    try box.write("firebase.json", config)
    let result = try box.run("init")
    #expect(result.status == 0)
    #expect(result.stdout.contains("wrote storage.rules\nwrote storage.rules.test.yaml\n"))
    #expect(
      result.stdout.hasSuffix(
        "\nnext: flint check --strict && flint test firestore.rules.test.yaml storage.rules.test.yaml\n"))
    #expect(!result.stdout.contains("updated") && !result.stdout.contains("kept"))
    #expect(try read(box, "firebase.json") == config)
    #expect(try box.run("check").stdout.hasSuffix("storage.rules: 0 errors, 0 warnings\n"))
    // A per-bucket section naming other rules: kept, and the hint names the starter files.
    let other = try Sandbox()
    let buckets = #"{"storage": [{"bucket": "b.appspot.com", "rules": "config/storage.rules"}]}"#
    try other.write("firebase.json", buckets)
    let kept = try other.run("init")
    #expect(kept.status == 0)
    #expect(kept.stdout.contains("updated firebase.json: added the firestore section\n"))
    #expect(
      kept.stdout.contains("kept firebase.json's storage section (it names config/storage.rules; left unchanged)\n"))
    #expect(
      kept.stdout.hasSuffix(
        "next: flint check --strict firestore.rules storage.rules && flint test firestore.rules.test.yaml "
          + "storage.rules.test.yaml\n"))
    #expect(try other.run("check", "--strict", "firestore.rules", "storage.rules").status == 0)
  }

  @Test("--storage beside a firebase.json without a storage section adds one, keeping the rest")
  func storageFlagAddsSection() throws {
    let box = try Sandbox()
    try box.write("firebase.json", #"{"firestore": {"rules": "firestore.rules"}}"#)
    let result = try box.run("init", "--storage")
    #expect(result.status == 0)
    #expect(result.stdout.contains("updated firebase.json: added the storage section\n"))
    #expect(
      try read(box, "firebase.json")
        == #"{"firestore": {"rules": "firestore.rules"}, "storage": {"rules": "storage.rules"}}"#)
    let check = try box.run("check")
    #expect(check.stdout == "firestore.rules: 0 errors, 0 warnings\nstorage.rules: 0 errors, 0 warnings\n")
    // Both sections missing: both are added in one edit.
    let hosting = try Sandbox()
    try hosting.write("firebase.json", #"{"hosting": {}}"#)
    let both = try hosting.run("init", "--storage")
    #expect(both.stdout.contains("updated firebase.json: added the firestore and storage sections\n"))
    #expect(try hosting.run("check").status == 0)
  }

  @Test("a firebase.json that is not valid JSON is an error at file:line:col, and nothing is written")
  func invalidConfig() throws {
    let box = try Sandbox()
    try box.write("firebase.json", "{\n  \"hosting\": {,}\n}\n")
    let result = try box.run("init")
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("flint: firebase.json:2:15: not valid JSON: "))
    #expect(result.stdout.isEmpty)
    let names = try FileManager.default.contentsOfDirectory(atPath: box.url.path)
    #expect(names == ["firebase.json"])
    let top = try Sandbox()
    try top.write("firebase.json", "[]")
    #expect(try top.run("init").stderr.contains("firebase.json:1:1: the top level must be an object"))
  }

  @Test("a folder with other files and no firebase.json is refused")
  func notAProject() throws {
    let box = try Sandbox()
    try box.write("notes.txt", "hello")
    let result = try box.run("init")
    #expect(result.status == 2)
    #expect(result.stderr.contains("neither empty nor a Firebase project"))
    #expect(!FileManager.default.fileExists(atPath: box.url.appendingPathComponent("firestore.rules").path))
  }
}

@Suite("flint --version, help topics, expressions starting with '-'")
struct FirstHourCommandTests {
  @Test("--version names the release and the rules language")
  func version() throws {
    let result = try Sandbox().run("--version")
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("flint "))
    #expect(result.stdout.contains("rules_version '2'"))
  }

  @Test("help suites and help queries print the short references")
  func helpTopics() throws {
    let box = try Sandbox()
    let suites = try box.run("help", "suites")
    #expect(suites.status == 0)
    #expect(suites.stdout.contains("update: {\"a.b\": v, ...}"))
    #expect(suites.stdout.contains("{__increment__: 1}"))
    let queries = try box.run("help", "queries")
    #expect(queries.status == 0)
    #expect(queries.stdout.contains("array-contains-any"))
  }

  @Test("an expression starting with '-' is not an option")
  func negativeExpression() throws {
    let box = try Sandbox()
    let result = try box.run("expr", "-1 + 2")
    #expect(result.status == 0)
    #expect(result.stdout == "1\n")
    let json = try box.run("expr", "--format", "json", "-1")
    #expect(json.stdout == #"{"int": -1}"# + "\n")
    let unknown = try box.run("expr", "--nope", "1")
    #expect(unknown.status != 0)
  }
}
