import FlintKit
import Foundation
import Testing

/// Which files `flint repl` starts with: options, else firebase.json, else the bundled sample.
@Suite struct ReplProjectTests {
  static func folder(_ files: [String: String]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flint-project-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
    return url
  }

  @Test("firebase.json names the rules and the index manifest, relative to its folder")
  func firebaseJSON() throws {
    let url = try Self.folder([
      "firebase.json": #"{"firestore": {"rules": "a.rules", "indexes": "i.json"}}"#
    ])
    defer { try? FileManager.default.removeItem(at: url) }
    let project = ReplProject.resolve(rules: nil, data: nil, indexes: nil, directory: url.path)
    #expect(project.rules?.path == url.path + "/a.rules")
    #expect(project.indexes?.path == url.path + "/i.json")
    #expect(project.data == nil)
    #expect(project.note == "using firebase.json in the current directory")
  }

  @Test("the multi-database form uses its first entry; an option wins over firebase.json")
  func optionsWin() throws {
    let url = try Self.folder([
      "firebase.json": #"{"firestore": [{"database": "(default)", "rules": "a.rules", "indexes": "i.json"}]}"#
    ])
    defer { try? FileManager.default.removeItem(at: url) }
    let project = ReplProject.resolve(rules: "mine.rules", data: nil, indexes: nil, directory: url.path)
    #expect(project.rules?.path == "mine.rules")
    #expect(project.indexes?.path == url.path + "/i.json")
    #expect(project.note == nil)
  }

  @Test("several databases: the (default) entry's files, never another database's manifest")
  func severalDatabases() throws {
    let url = try Self.folder([
      "firebase.json": #"{"firestore": [{"database": "eu", "rules": "eu.rules", "indexes": "eu.json"}, "#
        + #"{"database": "(default)", "rules": "a.rules"}]}"#
    ])
    defer { try? FileManager.default.removeItem(at: url) }
    let project = ReplProject.resolve(rules: nil, data: nil, indexes: nil, directory: url.path)
    #expect(project.rules?.path == url.path + "/a.rules")
    #expect(project.indexes == nil)
    #expect(project.note?.contains("pick it with --indexes eu.json") == true)
    #expect(project.database == "(default)")
    #expect(project.note?.contains("names several databases (eu, (default)): using (default)") == true)
  }

  @Test("--database picks that database's files and binds the session to it; none obvious: ask")
  func databaseOption() throws {
    let url = try Self.folder([
      "firebase.json": #"{"firestore": [{"database": "eu", "rules": "eu.rules", "indexes": "eu.json"}, "#
        + #"{"database": "us", "rules": "us.rules"}]}"#,
      "eu.rules": """
      rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          match /events/{id} { allow get: if database == 'eu'; }
        }
      }
      """,
    ])
    defer { try? FileManager.default.removeItem(at: url) }
    let project = ReplProject.resolve(rules: nil, data: nil, indexes: nil, directory: url.path, database: "eu")
    #expect(project.database == "eu")
    #expect(project.rules?.path == url.path + "/eu.rules")
    #expect(project.indexes?.path == url.path + "/eu.json")
    var session = ReplSession()
    _ = session.start(with: project)
    #expect(session.database == "eu")
    #expect(session.execute("get /events/e1").text.hasPrefix("ALLOW get /events/e1"))
    let ambiguous = ReplProject.resolve(rules: nil, data: nil, indexes: nil, directory: url.path)
    #expect(
      ambiguous.problem?.contains("names several databases (eu, us) and none is (default): pick one with --database")
        == true)
    let only = try Self.folder(["firebase.json": #"{"firestore": [{"database": "eu", "rules": "eu.rules"}]}"#])
    defer { try? FileManager.default.removeItem(at: only) }
    let single = ReplProject.resolve(rules: nil, data: nil, indexes: nil, directory: only.path)
    #expect(single.database == "eu")
    #expect(single.note?.contains("database eu, the only one firebase.json names") == true)
  }

  @Test("no firebase.json and no options: the bundled sample project, with a line saying so")
  func sample() throws {
    let url = try Self.folder([:])
    defer { try? FileManager.default.removeItem(at: url) }
    let project = ReplProject.resolve(rules: nil, data: nil, indexes: nil, directory: url.path)
    #expect(project.rules?.display == "firestore.rules")
    #expect(
      project.rules?.embedded.map { String(decoding: $0, as: UTF8.self) } == SampleProject.text("firestore.rules"))
    #expect(project.data?.display == "data.json")
    #expect(project.indexes?.embedded != nil)
    #expect(project.note?.contains("bundled sample project") == true)
  }

  @Test("a data.json beside the rules is loaded at start, and the note says so; --data wins")
  func dataBesideTheRules() throws {
    let url = try Self.folder([
      "firebase.json": #"{"firestore": {"rules": "a.rules"}}"#, "data.json": "{}", "a.rules": "",
    ])
    defer { try? FileManager.default.removeItem(at: url) }
    let project = ReplProject.resolve(rules: nil, data: nil, indexes: nil, directory: url.path)
    #expect(project.data?.path == url.path + "/data.json")
    #expect(
      project.note
        == "using firebase.json in the current directory; loaded \(url.path)/data.json beside the rules; --data picks another file"
    )
    // --rules: the data.json in that file's folder.
    let option = ReplProject.resolve(rules: url.path + "/a.rules", data: nil, indexes: nil, directory: "/")
    #expect(option.data?.path == url.path + "/data.json")
    #expect(option.note?.hasPrefix("loaded ") == true)
    // --data is never replaced.
    let given = ReplProject.resolve(rules: url.path + "/a.rules", data: "mine.json", indexes: nil, directory: "/")
    #expect(given.data?.path == "mine.json")
    #expect(given.note == nil)
  }

  @Test("a firebase.json that is not JSON is a problem, not a crash")
  func brokenConfig() throws {
    let url = try Self.folder(["firebase.json": "{nope"])
    defer { try? FileManager.default.removeItem(at: url) }
    let project = ReplProject.resolve(rules: nil, data: nil, indexes: nil, directory: url.path)
    #expect(project.problem?.hasPrefix("firebase.json:") == true)
    #expect(project.rules == nil)
  }
}
