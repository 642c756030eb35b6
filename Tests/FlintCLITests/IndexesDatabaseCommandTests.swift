import FlintTestSupport
import Foundation
import Testing

/// The database and files a multi-database `firebase.json` names (`ProjectFiles`, one policy):
/// `flint indexes` and `flint query` use the `(default)` entry's, else the only entry's, never
/// another database's, and say so when it names none.
@Suite("flint indexes and flint query: multi-database firebase.json")
struct IndexesDatabaseCommandTests {
  func sandbox() throws -> URL {
    let dir = try IndexesCommandTests().sandbox()
    try FileManager.default.moveItem(
      at: dir.appendingPathComponent("firestore.indexes.json"), to: dir.appendingPathComponent("eu.json"))
    try """
      {"firestore": [{"database": "(default)", "rules": "a.rules"},
                     {"database": "eu", "rules": "a.rules", "indexes": "eu.json"}]}
      """.write(to: dir.appendingPathComponent("firebase.json"), atomically: true, encoding: .utf8)
    try "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents { } }\n"
      .write(to: dir.appendingPathComponent("a.rules"), atomically: true, encoding: .utf8)
    return dir
  }

  static let note =
    #"flint: note: firebase.json names no "indexes" file for the (default) database: only the automatic indexes "#
    + "are assumed; other databases name one (eu: eu.json): pick it with --existing eu.json or --database eu\n"

  @Test("--check: the (default) database names no manifest, so only automatic indexes count; a note says so")
  func checkDefault() throws {
    let dir = try sandbox()
    let result = try FlintRunner.run(["indexes", "--check", "q.txt"], in: dir)
    #expect(result.status == 1)
    #expect(result.stderr.contains(Self.note))
    #expect(result.stdout.contains("check: 2 of 2 queries are not served"))
  }

  @Test("--database eu and --existing eu.json read eu's manifest")
  func pickEU() throws {
    let dir = try sandbox()
    for arguments in [["--database", "eu"], ["--existing", "eu.json"]] {
      let result = try FlintRunner.run(["indexes", "--check"] + arguments + ["q.txt"], in: dir)
      #expect(result.status == 1)
      #expect(result.stdout.contains("check: 1 of 2 queries are not served"), "\(arguments)")
      #expect(!result.stderr.contains("note:"))
    }
  }

  @Test("flint query reads the same entry: no manifest for (default), with the note")
  func query() throws {
    let dir = try sandbox()
    let result = try FlintRunner.run(
      ["query", #"collection("posts").where("author", "==", "a").orderBy("at", "desc")"#], in: dir)
    #expect(result.stdout.contains("no manifest given (--indexes)"))
    #expect(result.stderr.contains("pick it with --indexes eu.json or --database eu"))
  }

  @Test("a single database is used whatever its id, with a note; an explicit --database must be listed")
  func singleDatabaseAndExplicitOne() throws {
    let dir = try sandbox()
    try """
      {"firestore": [{"database": "eu", "rules": "a.rules", "indexes": "eu.json"}]}
      """.write(to: dir.appendingPathComponent("firebase.json"), atomically: true, encoding: .utf8)
    let query = try FlintRunner.run(["query", #"collection("posts")"#], in: dir)
    #expect(query.stdout.contains("rules: deny"))
    #expect(query.stderr.contains("flint: note: database eu, the only one firebase.json names\n"))
    let indexes = try FlintRunner.run(["indexes", "--check", "q.txt"], in: dir)
    #expect(indexes.stdout.contains("check: 1 of 2 queries are not served"))
    #expect(indexes.stderr == "flint: note: database eu, the only one firebase.json names\n")
    let missing =
      "flint: firebase.json names no database '(default)' (it names eu): pick one of those with --database, "
      + "or give the files as options\n"
    for command in [["query", #"collection("posts")"#], ["indexes", "--check", "q.txt"]] {
      let explicit = try FlintRunner.run([command[0], "--database", "(default)"] + command.dropFirst(), in: dir)
      #expect(explicit.status == 2, "\(command)")
      #expect(explicit.stderr == missing, "\(command)")
    }
  }

  @Test("flint query never checks against another database's rules: a database without rules is an error")
  func queryRulesOfItsOwnDatabase() throws {
    let dir = try sandbox()
    try """
      {"firestore": [{"database": "eu", "indexes": "eu.json"}, {"database": "us", "rules": "a.rules"}]}
      """.write(to: dir.appendingPathComponent("firebase.json"), atomically: true, encoding: .utf8)
    let result = try FlintRunner.run(["query", "--database", "eu", #"collection("posts")"#], in: dir)
    #expect(result.status == 2)
    #expect(
      result.stderr.contains(
        "flint: firebase.json names no rules file for the database 'eu'; databases with rules: us"))
    let us = try FlintRunner.run(["query", "--database", "us", #"collection("posts")"#], in: dir)
    #expect(us.stdout.contains("rules: deny"))
  }

  @Test("a firebase.json without a firestore section names no files: query and indexes run without them")
  func noFirestoreSection() throws {
    let dir = try sandbox()
    try #"{"hosting": {"public": "public"}}"#
      .write(to: dir.appendingPathComponent("firebase.json"), atomically: true, encoding: .utf8)
    let query = try FlintRunner.run(["query", #"collection("posts")"#], in: dir)
    #expect(query.status == 0)
    #expect(query.stderr.isEmpty)
    let indexes = try FlintRunner.run(["indexes", "--check", "q.txt"], in: dir)
    #expect(indexes.stdout.contains("check: 2 of 2 queries are not served"))
    #expect(indexes.stderr.isEmpty)
  }
}
