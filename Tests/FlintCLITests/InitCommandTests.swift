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
        next: flint check && flint test firestore.rules.test.yaml

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
    #expect(!result.stdout.contains("firebase.json"))
    #expect(try read(box, "firestore.rules") == "// mine\n")
    #expect(try read(box, "firebase.json") == #"{"hosting": {}}"#)
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
