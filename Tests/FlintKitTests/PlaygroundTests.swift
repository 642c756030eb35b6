import FirestoreModel
import FlintKit
import RulesEngine
import RulesLanguage
import Testing

/// The job behind `flint query`: validity, rules proof, execution and both renderings.
@Suite struct PlaygroundTests {
  static let rulesText = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        match /posts/{post} {
          allow read: if resource.data.owner == request.auth.uid;
          allow update: if resource.data.owner == request.auth.uid;
        }
      }
    }
    """

  static func playground(rules: Bool = true) throws -> QueryPlayground {
    let source = SourceFile(name: "posts.rules", text: rulesText)
    let compiled = RulesCompiler.compile(source)
    #expect(!compiled.hasErrors)
    let store = try FixtureLoader.load(
      text: """
        {"posts/p1": {"owner": "alice", "likes": 3}, "posts/p2": {"owner": "bob", "likes": 5},
         "posts/p3": {"owner": "alice", "likes": 9}}
        """)
    return QueryPlayground(ruleset: rules ? Ruleset(file: compiled.file, source: source) : nil, store: store)
  }

  static let alice = Auth(uid: "alice")

  @Test("an allowed query runs: results, normalized order and reads")
  func allowedQuery() throws {
    let report = try Self.playground().run(
      #"collection("posts").where("owner", "==", auth.uid).where("likes", ">", 4)"#, auth: Self.alice)
    #expect(report.isValid)
    #expect(report.proof?.allowed == true)
    #expect(report.result?.documents.map(\.path.description) == ["posts/p3"])
    #expect(report.exitStatus == 0)
    let text = PlaygroundRenderer.text(report)
    #expect(text.hasPrefix("valid: yes\nrules: allow\n"))
    #expect(text.contains("orderBy: likes asc, __name__ asc\n"))
    #expect(text.hasSuffix("results: 1\n  posts/p3 {\"likes\": 9, \"owner\": \"alice\"}\nreads: 1\n"))
  }

  @Test("a denied query is not run and says how to fix it")
  func deniedQuery() throws {
    let report = try Self.playground().run(#"collection("posts").orderBy("likes")"#, auth: Self.alice)
    #expect(report.proof?.allowed == false)
    #expect(report.result == nil)
    #expect(report.exitStatus == 1)
    let text = PlaygroundRenderer.text(report)
    #expect(text.contains("rules: deny\n"))
    #expect(text.contains(#"suggested fix: add .where("owner", "==", auth.uid)"#))
    #expect(text.contains("results: none (the rules deny the query)\nreads: 0\n"))
    let json = PlaygroundRenderer.json(report)
    #expect(
      json.hasPrefix(
        #"{"valid": true, "error": null, "normalizedOrderBy": [["likes", "asc"], ["__name__", "asc"]], "rules": {"decision": "deny", "explanation": {"#
      ))
    #expect(
      json.hasSuffix(
        #""results": [], "reads": 0, "index": {"kind": "single-field", "indexes": [], "fieldOverrides": [], "servedBy": [], "missing": {"indexes": [], "fieldOverrides": []}, "manifest": null}}"#
          + "\n"))
  }

  @Test("an invalid query reports the SDK's message and exits 1")
  func invalidQuery() throws {
    let report = try Self.playground().run(
      #"collection("posts").where("a", "!=", 1).where("b", "!=", 2)"#, auth: Self.alice)
    #expect(!report.isValid)
    #expect(report.error == "Invalid query. You cannot use more than one '!=' filter.")
    #expect(report.exitStatus == 1)
    #expect(
      PlaygroundRenderer.text(report).hasPrefix("valid: no: Invalid query. You cannot use more than one '!=' filter.\n")
    )
    let json = PlaygroundRenderer.json(report)
    #expect(
      json
        == #"{"valid": false, "error": "Invalid query. You cannot use more than one '!=' filter.", "normalizedOrderBy": [], "results": [], "reads": 0}"#
        + "\n")
  }

  @Test("the client's clock is not request.time: a rule comparing with request.time is not proved by it")
  func clientClockIsNotRequestTime() throws {
    let rules = SourceFile(
      name: "live.rules",
      text: """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            match /offers/{offer} { allow list: if resource.data.expires > request.time; }
          }
        }
        """)
    let compiled = RulesCompiler.compile(rules)
    #expect(!compiled.hasErrors)
    let playground = QueryPlayground(ruleset: Ruleset(file: compiled.file, source: rules))
    let time = Timestamp(seconds: 100)
    for now in ["Timestamp.now()", "new Date()", "Date()", "DateTime.now()"] {
      let report = playground.run(#"collection("offers").where("expires", ">", \#(now))"#, auth: nil, time: time)
      #expect(report.isValid, "\(now)")
      #expect(report.proof == nil, "\(now)")
      #expect(report.missingValue?.name == now, "\(now)")
      #expect(report.exitStatus == 1, "\(now)")
    }
    let bound = playground.run(#"collection("offers").where("expires", ">", request.time)"#, auth: nil, time: time)
    #expect(bound.proof?.allowed == true)
  }

  @Test("the ordinary report bills what Query Explain bills, scanning the indexes only when the bill counts entries")
  func ordinaryReportReads() throws {
    var analyzing = try Self.playground(rules: false)
    analyzing.explain = .analyze
    let plain = try Self.playground(rules: false)
    for text in [
      #"collection("posts").where("likes", ">", 1)"#,
      #"collection("posts").where("likes", ">", 1).orderBy("owner")"#,
      #"collection("posts").where("likes", ">", 1).where("owner", ">", "a")"#,
      #"collection("posts").where("owner", "==", "alice").count()"#,
      #"collection("posts").where("likes", ">", 100).orderBy("owner")"#,
    ] {
      let report = plain.run(text, auth: nil)
      let explained = try #require(analyzing.run(text, auth: nil).explain?.stats, "\(text)")
      #expect(report.reads == explained.readOperations, "\(text)")
      #expect(report.result?.reads == explained.readOperations, "\(text)")
    }
    // A bill that does not count index entries needs no scan of the indexes.
    #expect(plain.run(#"collection("posts").where("likes", ">", 1)"#, auth: nil).explain == nil)
  }

  @Test("without rules the query just runs; aggregations are reported")
  func noRulesAndAggregations() throws {
    let playground = try Self.playground(rules: false)
    let report = playground.run(#"collection("posts").where("likes", ">=", 5)"#, auth: nil)
    #expect(report.proof == nil)
    #expect(report.result?.documents.count == 2)
    #expect(!PlaygroundRenderer.json(report).contains("\"rules\""))
    let count = playground.run(#"collection("posts").count()"#, auth: nil)
    #expect(
      PlaygroundRenderer.json(count).contains(
        #""results": [], "reads": 1, "aggregations": {"count": 3}, "index": {"kind": "none""#))
    #expect(PlaygroundRenderer.text(count).contains("aggregations:\n  count: 3\n"))
  }

  @Test("single-document requests go through the evaluator")
  func documentRequests() throws {
    let playground = try Self.playground()
    let path = ResourcePath(segments: ["posts", "p1"])
    let get = playground.run(.get(path, auth: Self.alice))
    #expect(get.decision?.allowed == true)
    #expect(get.document?.fields["likes"] == .integer(3))
    #expect(PlaygroundRenderer.text(get).hasSuffix("document: posts/p1 {\"likes\": 3, \"owner\": \"alice\"}\n"))
    let denied = playground.run(.get(path, auth: Auth(uid: "bob")))
    #expect(denied.exitStatus == 1)
    #expect(denied.document == nil)
    #expect(
      PlaygroundRenderer.json(denied).hasPrefix(#"{"method": "get", "path": "posts/p1", "rules": {"decision": "deny""#))
    let update = playground.run(.update(path, data: ["owner": .string("alice")], auth: Self.alice))
    #expect(update.decision?.allowed == true)
    #expect(!update.looked)
  }

  @Test("--auth and --data-json inputs")
  func inputs() throws {
    let auth = try PlaygroundInput.auth(#"{"uid": "alice", "token": {"admin": true}}"#)
    #expect(auth?.uid == "alice")
    #expect(auth?.token["admin"] == .boolean(true))
    #expect(try PlaygroundInput.auth("null") == nil)
    #expect(throws: JSONError.self) { try PlaygroundInput.auth(#"{"id": "x"}"#) }
    #expect(throws: JSONError.self) { try PlaygroundInput.auth(#"{"uid": ""}"#) }
    #expect(try PlaygroundInput.fields(#"{"n": 1, "at": {"__timestamp__": "2024-01-01T00:00:00Z"}}"#).count == 2)
    #expect(try PlaygroundInput.variable("n=3") == ("n", .integer(3)))
    #expect(try PlaygroundInput.variable("who=alice") == ("who", .string("alice")))
    #expect(try PlaygroundInput.variable(#"at={"__timestamp__": "2024-01-01T00:00:00Z"}"#).1.typeOrder == .timestamp)
    #expect(throws: JSONError.self) { try PlaygroundInput.variable("=3") }
    #expect(PlaygroundInput.documentPath("/users/alice") == ResourcePath(segments: ["users", "alice"]))
    #expect(PlaygroundInput.documentPath("users") == nil)
    #expect(PlaygroundInput.documentPath("users//a/b") == nil)
  }
}
