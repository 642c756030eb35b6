import Foundation
import Testing

private let allowAll = """
  rules_version = '2';
  service cloud.firestore {
    match /databases/{database}/documents {
      match /{document=**} { allow read, write: if true; }
    }
  }

  """

/// Red-team regressions at the command line: hostile input gets a message naming the place
/// and a non-zero exit, never a crash, a hang or an allow.
@Suite("Bad input regressions")
struct BadInputRegressionTests {
  /// An endless input (`/dev/zero`) was read until memory ran out; now it stops at the size cap.
  @Test(
    "endless files are refused with a message",
    arguments: [
      ["check", "/dev/zero"],
      ["test", "/dev/zero"],
      ["expr", "--batch", "/dev/zero"],
      ["expr", "--rules", "/dev/zero", "1"],
      ["query", "--data", "/dev/zero", #"collection("a")"#],
      ["query", "--rules", "/dev/zero", #"collection("a")"#],
    ])
  func endlessFiles(arguments: [String]) throws {
    let sandbox = try Sandbox()
    let result = try FlintRunner.run(arguments, in: sandbox.url)
    #expect(result.status == 2)
    #expect(result.stderr.contains("cannot read '/dev/zero': it is larger than 256 MiB"))
  }

  /// A `{document=**}` rule allowed `get ../..`; Firestore refuses those ids.
  @Test("document ids Firestore refuses are denied with the reason")
  func reservedIDs() throws {
    let sandbox = try Sandbox()
    try sandbox.write("r.rules", allowAll)
    for path in ["../..", "users/.", "__users__/alice"] {
      let result = try sandbox.run("query", "--rules", "r.rules", "get", path)
      #expect(result.status == 1, "\(path)")
      #expect(result.stdout.contains("rules: deny"), "\(path)")
      #expect(result.stdout.contains("A request path id"), "\(path)")
    }
  }

  /// `and(` 5,000 deep overflowed the stack (signal 11).
  @Test("deeply nested query filters are an error, not a crash")
  func deepQuery() throws {
    let sandbox = try Sandbox()
    let query =
      #"collection("a").where("# + String(repeating: "and(", count: 5_000) + #"where("x", "==", 1)"#
      + String(repeating: ")", count: 5_000) + ")"
    let result = try sandbox.run("query", query)
    #expect(result.status == 1)
    #expect(result.stdout.contains("[query.too-deep]"))
  }
}

extension BadInputRegressionTests {
  /// `"database": 5` was silently read as the default database.
  @Test("a firebase.json database that is not a string is an error")
  func firebaseDatabaseKind() throws {
    let sandbox = try Sandbox()
    try sandbox.write("r.rules", allowAll)
    for database in ["5", "\"\"", "null", "[]"] {
      try sandbox.write("firebase.json", #"{"firestore": [{"database": "# + database + #", "rules": "r.rules"}]}"#)
      let result = try sandbox.run("check")
      #expect(result.status == 2, "\(database)")
      #expect(result.stderr.contains(#""database" must be a non-empty string"#), "\(database)")
    }
  }
}

extension BadInputRegressionTests {
  /// `flint` alone printed the help and exited 0.
  @Test("no subcommand is a usage error with the help on stderr")
  func noSubcommand() throws {
    let sandbox = try Sandbox()
    let result = try FlintRunner.run([], in: sandbox.url)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("flint: missing subcommand"))
    #expect(result.stderr.contains("USAGE: flint <subcommand>"))
  }
}

extension BadInputRegressionTests {
  /// `flint expr --format json` printed a syntax error as text, which no JSON reader accepts.
  @Test("flint expr --format json reports a syntax error as JSON diagnostics")
  func exprSyntaxErrorAsJSON() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run("expr", "--format", "json", "1 +")
    #expect(result.status == 1)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let files = try #require(object?["files"] as? [[String: Any]])
    #expect(files.first?["file"] as? String == "<expr>")
    let diagnostic = try #require((files.first?["diagnostics"] as? [[String: Any]])?.first)
    #expect(diagnostic["code"] as? String == "parse.expected-expression")
    #expect(diagnostic["column"] as? Int == 4)
  }
}
