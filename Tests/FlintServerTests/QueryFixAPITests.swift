import FlintKit
import FlintServer
import FlintTestSupport
import Foundation
import Testing

/// The query panel's calls beyond `flint query`'s report: each fix rewritten into the query and
/// proved again, and Query Explain's figures on the seed data.
@Suite("PlaygroundAPI: query fixes and Query Explain")
struct QueryFixAPITests {
  let sample: SampleCopy
  let api: PlaygroundAPI

  init() throws {
    sample = try SampleCopy()
    api = PlaygroundAPI(project: try sample.project())
  }

  func query(_ text: String, auth: [String: Any]? = ["uid": "alice"], rules: String? = nil) throws -> [String: Any] {
    var object: [String: Any?] = ["query": text, "auth": auth]
    if let rules { object["rules"] = rules }
    let response = api.answer(method: "POST", path: "/api/query", body: try body(object))
    #expect(response.status == 200, "\(response.body)")
    return try json(response)
  }

  func fixes(_ report: [String: Any]) -> [[String: Any]] { report["fixes"] as? [[String: Any]] ?? [] }

  func decision(_ report: [String: Any]) -> String? { (report["rules"] as? [String: Any])?["decision"] as? String }

  static let visibility = #".where("visibility", "==", "public")"#

  @Test("a denied query's fix is the whole query rewritten, and running it is allowed")
  func appliedFix() throws {
    defer { sample.remove() }
    let denied = try query(#"collection("clubs")"#)
    #expect(decision(denied) == "deny")
    let fix = try #require(fixes(denied).first)
    #expect(fix["add"] as? [String] == [Self.visibility])
    #expect(fix["query"] as? String == #"collection("clubs")"# + Self.visibility)
    #expect(fix["allowed"] as? Bool == true)
    let fixed = try query(try #require(fix["query"] as? String))
    #expect(decision(fixed) == "allow")
    #expect((fixed["results"] as? [Any])?.count == 2)
    #expect(fixes(fixed).isEmpty)
  }

  @Test(
    "a query pasted as app code is fixed in the DSL, its own steps kept",
    arguments: [
      (
        #"db.collection("clubs").whereField("owner", isEqualTo: "bob").limit(to: 5).getDocuments()"#,
        #"collection("clubs").whereField("owner", isEqualTo: "bob")"# + visibility + ".limit(to: 5)"
      ),
      (
        #"const q = query(collection(db, "clubs"), where("owner", "==", "bob"), orderBy("name"));"#,
        #"collection("clubs").where("owner", "==", "bob")"# + visibility + #".orderBy("name")"#
      ),
      (
        #"getCountFromServer(query(collection(db, "clubs"), orderBy("name")))"#,
        #"collection("clubs")"# + visibility + #".orderBy("name").count()"#
      ),
    ])
  func pastedCode(code: String, rewritten: String) throws {
    defer { sample.remove() }
    let denied = try query(code)
    #expect(decision(denied) == "deny")
    let fix = try #require(fixes(denied).first)
    #expect(fix["query"] as? String == rewritten)
    #expect(fix["allowed"] as? Bool == true)
    #expect(decision(try query(rewritten)) == "allow")
  }

  static let notesRules = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        match /notes/{id} {
          allow list: if resource.data.owner == request.auth.uid && request.query.limit <= 10;
        }
      }
    }
    """

  @Test("a fix is offered as applicable only when the rewritten query is proved allowed")
  func provedAgain() throws {
    defer { sample.remove() }
    let signedIn = try query(#"collection("notes").limit(50)"#, rules: Self.notesRules)
    let both = try #require(fixes(signedIn).first)
    // The limit is replaced, not added twice.
    #expect(both["query"] as? String == #"collection("notes").where("owner", "==", auth.uid).limit(10)"#)
    #expect(both["allowed"] as? Bool == true)
    // Signed out, nothing would be allowed.
    let signedOut = try query(#"collection("notes").limit(50)"#, auth: nil, rules: Self.notesRules)
    #expect(decision(signedOut) == "deny")
    #expect(fixes(signedOut).allSatisfy { $0["allowed"] as? Bool == false })
    // The suggested filter makes this query invalid (a second array-contains): shown, not applicable.
    let members = Self.notesRules.replacingOccurrences(
      of: "resource.data.owner == request.auth.uid && request.query.limit <= 10",
      with: "request.auth.uid in resource.data.members")
    let invalid = try query(#"collection("notes").where("tags", "array-contains", "a")"#, rules: members)
    let fix = try #require(fixes(invalid).first)
    #expect(fix["add"] as? [String] == [#".where("members", "array-contains", auth.uid)"#])
    #expect(fix["allowed"] as? Bool == false)
    #expect((fix["query"] as? String)?.hasSuffix(#".where("members", "array-contains", auth.uid)"#) == true)
  }

  @Test("an allowed or invalid query has no fixes")
  func noFixes() throws {
    defer { sample.remove() }
    #expect(fixes(try query(#"collection("clubs")"# + Self.visibility)).isEmpty)
    let invalid = try query(#"collection("clubs").where("a", "array-contains", 1).where("b", "array-contains", 2)"#)
    #expect(invalid["valid"] as? Bool == false)
    #expect(fixes(invalid).isEmpty)
  }

  @Test("Query Explain: the index used, entries and documents scanned, reads billed on the seed data")
  func explain() throws {
    defer { sample.remove() }
    let report = try query(#"collection("clubs")"# + Self.visibility)
    let explain = try #require(report["explain"] as? [String: Any])
    let metrics = try #require(explain["explainMetrics"] as? [String: Any])
    let used = (metrics["planSummary"] as? [String: Any])?["indexesUsed"] as? [[String: Any]]
    #expect(used?.first?["properties"] as? String == "(visibility ASC, __name__ ASC)")
    let stats = try #require(metrics["executionStats"] as? [String: Any])
    #expect(stats["resultsReturned"] as? Int == 2)
    #expect(stats["readOperations"] as? Int == 2)
    let debug = stats["debugStats"] as? [String: Any]
    #expect(debug?["index_entries_scanned"] as? Int == 2)
    #expect(debug?["documents_scanned"] as? Int == 2)
    #expect(report["reads"] as? Int == 2)

    // The index the manifest lacks is named missing; an invalid query has no plan.
    let unserved = try query(#"collection("clubs").where("owner", "==", auth.uid).orderBy("createdAt", "desc")"#)
    let missing = (unserved["explain"] as? [String: Any])?["missingIndexes"] as? [String]
    #expect(missing == ["(owner ASC, createdAt DESC, __name__ DESC)"])
    let invalid = try query(#"collection("clubs").where("a", "array-contains", 1).where("b", "array-contains", 2)"#)
    #expect(invalid["explain"] is NSNull)
  }

  @Test("a manifest the backend would refuse does not stop the query: it runs without it, and says why")
  func unreadableManifest() throws {
    defer { sample.remove() }
    // A composite index of one field: Firestore refuses it ("this index is not necessary").
    let refused =
      #"{"indexes": [{"collectionGroup": "clubs", "queryScope": "COLLECTION", "fields": [{"fieldPath": "name", "order": "ASCENDING"}]}]}"#
    try refused.write(
      to: sample.folder.appendingPathComponent("firestore.indexes.json"), atomically: true, encoding: .utf8)
    let report = try query(#"collection("clubs").where("visibility", "==", "public")"#)
    #expect(decision(report) == "allow")
    #expect((report["manifestProblem"] as? String)?.contains("firestore.indexes.json") == true)
    #expect((report["results"] as? [Any])?.isEmpty == false)
  }

  @Test(
    "bad query bodies are 400 with a message",
    arguments: [
      (#"{}"#, "\"query\" is missing"), (#"{"query": 1}"#, "must be a string"),
      (#"{"query": "collection(\"a\")", "fix": 1}"#, "fix"),
    ])
  func badBodies(text: String, message: String) throws {
    defer { sample.remove() }
    let response = api.answer(method: "POST", path: "/api/query", body: Array(text.utf8))
    #expect(response.status == 400)
    #expect((try json(response)["error"] as? String)?.contains(message) == true, "\(response.body)")
  }

  @Test(
    "the rewrite: filters after the query's filters, a limit in place of its own, nothing it cannot write",
    arguments: [
      (
        #"collection("a").orderBy("b").limit(3)"#, [#".where("c", "==", 1)"#],
        #"collection("a").where("c", "==", 1).orderBy("b").limit(3)"#
      ),
      (
        #"collection("a").where("x", ">", 1).orderBy("x")"#, [#".where("c", "==", 1)"#, ".limit(5)"],
        #"collection("a").where("x", ">", 1).where("c", "==", 1).orderBy("x").limit(5)"#
      ),
      (
        #"collection("a").orderBy("x").limitToLast(20)"#, [".limit(5)"], #"collection("a").orderBy("x").limitToLast(5)"#
      ),
      (#"collection("a").offset(1).offset(2)"#, [".offset(0)"], #"collection("a").offset(0)"#),
      (#"collectionGroup("a").count()"#, [".limit(5)"], #"collectionGroup("a").limit(5).count()"#),
      (#"collection("a")"#, [#".orderBy("b")"#], nil),
      (#"collection("a")"#, ["where(\"b\", \"==\", 1)"], nil),
      ("collection(\"a\").where(\"", [".limit(5)"], nil),
    ] as [(String, [String], String?)])
  func rewrite(query: String, additions: [String], expected: String?) {
    defer { sample.remove() }
    #expect(QueryRewrite.applying(additions, to: query) == expected)
  }
}
