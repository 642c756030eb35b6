import FlintTestSupport
import Foundation
import Testing

/// Golden transcripts: each `Corpus/repl/<name>.txt` is piped into `flint repl` (run in
/// `Corpus/repl`, which has no firebase.json, so the bundled sample project loads) and the
/// output plus `[exit N]` must equal `<name>.expected`. `UPDATE_GOLDENS=1` rewrites them.
@Suite struct ReplGoldenTests {
  static let folder = PackagePaths.url("Corpus/repl")

  static let sessions: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
  }()

  @Test("there are golden sessions")
  func present() {
    #expect(Self.sessions.count >= 4)
  }

  @Test("scripted sessions print exactly the golden transcript", arguments: sessions)
  func transcript(name: String) throws {
    let input = try Data(contentsOf: Self.folder.appendingPathComponent("\(name).txt"))
    let result = try FlintRunner.run(["repl"], stdin: input, in: Self.folder)
    let actual = result.stdout + result.stderr + "[exit \(result.status)]\n"
    Golden.expect(actual, matchesFileAt: Self.folder.appendingPathComponent("\(name).expected"))
  }

  @Test("data.json beside the rules is loaded without :load, and the banner says so")
  func dataBesideTheRules() throws {
    let box = try Sandbox()
    try box.write(
      "firestore.rules",
      "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n    match /rooms/{id} { allow get: if true; }\n  }\n}\n"
    )
    try box.write("data.json", #"{"rooms/r1": {"name": "one"}}"#)
    let result = try FlintRunner.run(
      ["repl", "--rules", "firestore.rules"], stdin: Data("get /rooms/r1\n".utf8), in: box.url)
    #expect(result.status == 0)
    #expect(result.stdout.contains("  (loaded data.json beside the rules; --data picks another file)\n"))
    #expect(result.stdout.contains("  data:      data.json, 1 document\n"))
    #expect(result.stdout.contains("rooms/r1 {\"name\": \"one\"}"))
  }

  @Test("an index manifest that does not validate is refused at start-up with the CLI's message, exit 2")
  func invalidStartupManifest() throws {
    let result = try FlintRunner.run(
      ["repl", "--indexes", "bad-manifest.json"], stdin: Data(":indexes\n".utf8), in: Self.folder)
    #expect(result.status == 2)
    #expect(result.stdout.contains(#"bad-manifest.json:4:17: $.indexes[0].fields[0]: Field "order" must be one of"#))
    #expect(result.stdout.contains("indexes:   none"))
  }

  @Test("a start-up file that cannot be read is reported, the session runs without it, and the exit status is 2")
  func unreadableStartupFile() throws {
    let result = try FlintRunner.run(
      ["repl", "--rules", "missing.rules"], stdin: Data("get /users/alice\n".utf8), in: Self.folder)
    #expect(result.status == 2)
    #expect(result.stdout.contains("missing.rules: cannot read 'missing.rules': No such file or directory"))
    #expect(result.stdout.contains("DENY get /users/alice: no rules loaded"))
  }

  @Test("an invalid --auth is a usage error")
  func invalidAuth() throws {
    let result = try FlintRunner.run(["repl", "--auth", "{\"id\": 1}"], stdin: Data(), in: Self.folder)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("flint: invalid --auth"))
  }

  @Test("scripted sessions write nothing to disk (only :save does)")
  func nothingWritten() throws {
    let sample = PackagePaths.url("Corpus/sample")
    let before = try FileManager.default.contentsOfDirectory(atPath: sample.path).sorted()
    let data = try Data(contentsOf: sample.appendingPathComponent("data.json"))
    let script = "delete /clubs/dickens\n:as alice\ndelete /clubs/dickens\n:indexes\n"
    _ = try FlintRunner.run(["repl"], stdin: Data(script.utf8), in: Self.folder)
    #expect(try FileManager.default.contentsOfDirectory(atPath: sample.path).sorted() == before)
    #expect(try Data(contentsOf: sample.appendingPathComponent("data.json")) == data)
    #expect(!FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent("x.json").path))
  }
}
