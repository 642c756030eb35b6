import Foundation
import Testing

@Suite("flint query")
struct QueryCommandTests {
  static let rules = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        match /posts/{post} {
          allow read: if resource.data.visibility == 'public' || resource.data.owner == request.auth.uid;
          allow list: if request.query.limit <= 10 && resource.data.archived == false;
        }
      }
    }
    """
  static let data = """
    {"posts/p1": {"owner": "alice", "visibility": "public", "likes": 10},
     "posts/p2": {"owner": "bob", "visibility": "private", "likes": 3},
     "posts/p3": {"owner": "alice", "visibility": "private", "likes": 0}}
    """

  static func sandbox() throws -> Sandbox {
    let box = try Sandbox()
    try box.write("posts.rules", rules)
    try box.write("data.json", data)
    return box
  }

  @Test("signed out and denied while the rules read request.auth: the note names --auth")
  func signedOutNote() throws {
    let box = try Self.sandbox()
    let result = try box.run(
      "query", "--rules", "posts.rules", "--data", "data.json", #"collection("posts").where("owner", "==", "alice")"#)
    #expect(result.status == 1)
    #expect(result.stderr.contains("no --auth was given"))
    #expect(result.stderr.contains(#"--auth '{"uid": "alice"}'"#))
    let signedIn = try box.run(
      "query", "--rules", "posts.rules", "--data", "data.json", "--auth", #"{"uid": "bob"}"#,
      #"collection("posts").where("owner", "==", "alice")"#)
    #expect(!signedIn.stderr.contains("no --auth was given"))
  }

  @Test("allowed: exit 0, results and reads")
  func allowed() throws {
    let box = try Self.sandbox()
    let result = try box.run(
      "query", "--rules", "posts.rules", "--data", "data.json", "--auth", #"{"uid": "alice"}"#,
      #"collection("posts").where("owner", "==", auth.uid)"#)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("valid: yes\nrules: allow\n"))
    #expect(result.stdout.contains("  posts/p1 {"))
    #expect(result.stdout.hasSuffix("reads: 2\n"))
  }

  @Test("denied: exit 1 with the unprovable predicate and the suggested fixes")
  func denied() throws {
    let box = try Self.sandbox()
    let result = try box.run(
      "query", "--rules", "posts.rules", "--data", "data.json", "--auth", #"{"uid": "alice"}"#,
      #"collection("posts")"#)
    #expect(result.status == 1)
    #expect(result.stdout.contains("rules: deny\n"))
    #expect(result.stdout.contains("resource.data.owner has no filter in this query branch"))
    #expect(result.stdout.contains(#"suggested fix: add .where("visibility", "==", "public")"#))
    #expect(result.stdout.contains(#"or: add .where("owner", "==", auth.uid)"#))
    #expect(result.stdout.contains(#"or: add .limit(10) and .where("archived", "==", false)"#))
    let fixed = try box.run(
      "query", "--rules", "posts.rules", "--data", "data.json", "--auth", #"{"uid": "alice"}"#,
      #"collection("posts").where("archived", "==", false).limit(10)"#)
    #expect(fixed.status == 0)
  }

  @Test("JSON output has the documented shape")
  func json() throws {
    let box = try Self.sandbox()
    let result = try box.run(
      "query", "--format", "json", "--data", "data.json", #"collection("posts").where("likes", ">", 5)"#)
    #expect(result.status == 0)
    #expect(
      result.stdout
        == #"{"valid": true, "error": null, "normalizedOrderBy": [["likes", "asc"], ["__name__", "asc"]], "results": [{"path": "posts/p1", "data": {"likes": 10, "owner": "alice", "visibility": "public"}}], "reads": 1, "index": {"kind": "single-field", "indexes": [], "fieldOverrides": [], "servedBy": [], "missing": {"indexes": [], "fieldOverrides": []}, "manifest": null}}"#
        + "\n")
    let denied = try box.run("query", "--format", "json", "--rules", "posts.rules", #"collection("posts")"#)
    #expect(denied.status == 1)
    #expect(denied.stdout.contains(#""rules": {"decision": "deny", "explanation": {"decision": "deny""#))
  }

  @Test("--var binds query variables")
  func variables() throws {
    let box = try Self.sandbox()
    let result = try box.run(
      "query", "--data", "data.json", "--var", "who=alice", "--var", "n=5",
      #"collection("posts").where("owner", "==", who).where("likes", ">", n)"#)
    #expect(result.status == 0)
    #expect(result.stdout.contains("results: 1\n  posts/p1 "))
    // Unbound, `who` is an unknown value: the query is valid and its index known without it.
    let unknown = try box.run("query", #"collection("posts").where("owner", "==", who)"#)
    #expect(unknown.status == 0)
    #expect(unknown.stdout.hasPrefix("valid: yes\n"))
    #expect(unknown.stdout.contains("unknown values: who\n"))
    // Running it on documents needs the value: the library says nothing binds it, flint query
    // says how, with its own option.
    let hint = "no value bound for 'who'; pass it as a binding (for example --var who=...)"
    let unbound = try box.run("query", "--data", "data.json", #"collection("posts").where("owner", "==", who)"#)
    #expect(unbound.status == 1)
    #expect(unbound.stdout.contains("results: not run: \(hint)\n"))
    #expect(unbound.stdout.contains("error: \(hint) [query.flint.unbound-variable]"))
    let proof = try box.run(
      "query", "--rules", "posts.rules", #"collection("posts").where("owner", "==", who).limit(5)"#)
    #expect(proof.status == 1)
    #expect(proof.stdout.contains("rules: not decided: \(hint)\n"))
    let json = try box.run(
      "query", "--format", "json", "--data", "data.json", #"collection("posts").where("owner", "==", who)"#)
    #expect(json.stdout.contains(#""error": "\#(hint)""#))
    #expect(json.stdout.contains(#""unknownValues": ["who"]"#))
    #expect(try box.run("query", "--var", "novalue", #"collection("posts")"#).status == 2)
  }

  @Test("a query pasted from app code runs as written; its path variable comes from --var")
  func pasted() throws {
    let box = try Self.sandbox()
    try box.write(
      "orgs.json",
      #"{"orgs/acme/projects/p1": {"status": "open", "createdAt": 2}, "orgs/other/projects/p2": {"status": "open", "createdAt": 1}}"#
    )
    let query =
      #"query(collection(db, "orgs", orgId, "projects"), where("status", "==", "open"), orderBy("createdAt", "desc"), limit(20),)"#
    let shape = try box.run("query", query)
    #expect(shape.status == 0)
    #expect(shape.stdout.contains("index: composite projects (status ASC, createdAt DESC, __name__ DESC)"))
    let missing = try box.run("query", "--data", "orgs.json", query)
    #expect(missing.status == 1)
    #expect(missing.stdout.contains("--var orgId=..."))
    let run = try box.run("query", "--data", "orgs.json", "--var", "orgId=acme", query)
    #expect(run.status == 0)
    #expect(run.stdout.contains("results: 1\n  orgs/acme/projects/p1 "))
  }

  @Test("an invalid query: exit 1 with the SDK message")
  func invalid() throws {
    let box = try Self.sandbox()
    let result = try box.run("query", #"collection("posts").limit(0)"#)
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("valid: no: Function limit() requires a positive number, but it was: 0.\n"))
  }

  @Test("usage and input problems exit 2")
  func usageProblems() throws {
    let box = try Self.sandbox()
    try box.write("bad.rules", "service cloud.firestore { match /x { allow read: if ; } }")
    let badRules = try box.run("query", "--rules", "bad.rules", #"collection("posts")"#)
    #expect(badRules.status == 2)
    #expect(badRules.stderr.contains("bad.rules:1:"))
    let missing = try box.run("query", "--rules", "nope.rules", #"collection("posts")"#)
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("nope.rules"))
    let badAuth = try box.run("query", "--auth", "{uid", #"collection("posts")"#)
    #expect(badAuth.status == 2)
    #expect(badAuth.stderr.hasPrefix("flint: invalid --auth"))
    try box.write("bad.json", #"{"posts/p1": {"n": {"__when__": 1}}}"#)
    let badData = try box.run("query", "--data", "bad.json", #"collection("posts")"#)
    #expect(badData.status == 2)
    #expect(badData.stderr.contains("bad.json"))
    #expect(try box.run("query").status == 2)
  }

  @Test("single-document requests: get, update with --data-json")
  func documents() throws {
    let box = try Self.sandbox()
    let get = try box.run(
      "query", "--rules", "posts.rules", "--data", "data.json", "--auth", #"{"uid": "bob"}"#, "get", "posts/p1")
    #expect(get.status == 0)
    #expect(get.stdout.hasPrefix("rules: allow\n"))
    #expect(
      get.stdout.hasSuffix("document: posts/p1 {\"likes\": 10, \"owner\": \"alice\", \"visibility\": \"public\"}\n"))
    let privateClub = try box.run(
      "query", "--rules", "posts.rules", "--data", "data.json", "--auth", #"{"uid": "bob"}"#, "get", "posts/p3")
    #expect(privateClub.status == 1)
    #expect(privateClub.stdout.contains("rules: deny\n"))
    let update = try box.run(
      "query", "--rules", "posts.rules", "--data", "data.json", "update", "posts/p1", "--data-json", #"{"likes": 1}"#)
    #expect(update.status == 1)
    let badPath = try box.run("query", "--rules", "posts.rules", "get", "posts")
    #expect(badPath.status == 2)
  }

  @Test("update merges the changed fields, as the SDK, the REPL and suites do; refused writes exit 1")
  func writesMeanWhatTheyMeanEverywhere() throws {
    let box = try Self.sandbox()
    try box.write(
      "owned.rules",
      """
      rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          match /posts/{post} {
            allow create, update: if request.resource.data.owner == request.auth.uid;
          }
        }
      }
      """)
    let alice = #"{"uid": "alice"}"#
    let merged = try box.run(
      "query", "--rules", "owned.rules", "--data", "data.json", "--auth", alice, "update", "posts/p1", "--data-json",
      #"{"likes": {"__increment__": 1}}"#)
    #expect(merged.status == 0, "\(merged.stdout)\(merged.stderr)")
    #expect(merged.stdout.hasPrefix("rules: allow\n"))
    let missing = try box.run(
      "query", "--rules", "owned.rules", "--data", "data.json", "--auth", alice, "update", "posts/p9", "--data-json",
      #"{"owner": "alice"}"#)
    #expect(missing.status == 1)
    #expect(missing.stdout.hasPrefix("write: NOT_FOUND\n"))
    let existing = try box.run(
      "query", "--rules", "owned.rules", "--data", "data.json", "--auth", alice, "--format", "json", "create",
      "posts/p1", "--data-json", #"{"owner": "alice"}"#)
    #expect(existing.status == 1)
    #expect(existing.stdout.contains(#""refused": "ALREADY_EXISTS""#))
    let set = try box.run(
      "query", "--rules", "owned.rules", "--data", "data.json", "--auth", alice, "set", "posts/p9", "--data-json",
      #"{"owner": "alice"}"#)
    #expect(set.status == 0)
  }

  @Test("without --rules, firebase.json's rules are used")
  func firebaseJSON() throws {
    let box = try Self.sandbox()
    try box.write("firebase.json", #"{"firestore": {"rules": "posts.rules"}}"#)
    let result = try box.run("query", "--data", "data.json", #"collection("posts")"#)
    #expect(result.status == 1)
    #expect(result.stdout.contains("rules: deny\n"))
  }
}
