import FirestoreModel
import FlintKit
import Foundation
import Testing

/// The playground session without a terminal: writes, batches, users, file reloads and
/// what the session remembers for index advice.
@Suite struct ReplSessionTests {
  static let rules = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        match /posts/{post} {
          allow read: if resource.data.owner == request.auth.uid;
          allow create: if request.resource.data.owner == request.auth.uid;
          allow update: if resource.data.owner == request.auth.uid
            && request.resource.data.owner == resource.data.owner;
          allow delete: if request.auth.token.get('admin', false) == true;
        }
        match /rooms/{room} {
          allow create: if existsAfter(/databases/$(database)/documents/rooms/$(room)/members/$(request.auth.uid));
        }
        match /rooms/{room}/members/{uid} {
          allow create: if request.auth.uid == uid
            && getAfter(/databases/$(database)/documents/rooms/$(room)).data.owner == uid;
        }
      }
    }
    """
  static let data = #"{"posts/p1": {"owner": "alice", "title": "x", "meta": {"tags": 1, "lang": "en"}}}"#

  /// A folder with `rules.rules` and `data.json`, removed afterwards.
  final class Project {
    let folder: URL
    init() throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("flint-repl-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try write("rules.rules", ReplSessionTests.rules)
      try write("data.json", ReplSessionTests.data)
    }
    deinit { try? FileManager.default.removeItem(at: folder) }
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    func write(_ name: String, _ text: String) throws {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    func session() -> ReplSession {
      var session = ReplSession()
      let started = session.start(
        with: ReplProject.resolve(rules: path("rules.rules"), data: path("data.json"), indexes: nil, directory: "/"))
      #expect(!started.failed, "\(started.text)")
      return session
    }
  }

  @Test(":var binds a value a pasted query needs; without it the query is valid but not run")
  func variables() throws {
    let project = try Project()
    var session = project.session()
    _ = session.execute(":as alice")
    let query = #"db.collection("posts").whereField("owner", isEqualTo: owner).limit(to: 5)"#
    let missing = session.execute(query)
    #expect(missing.failed)
    #expect(missing.text.contains("no value for 'owner' (bind it with :var owner=...)"))
    #expect(missing.text.contains("valid: yes"))
    #expect(session.execute(":var owner=alice").text == "owner = \"alice\"\n")
    let allowed = session.execute(query)
    #expect(!allowed.failed, "\(allowed.text)")
    #expect(allowed.text.contains("results: 1"))
    #expect(session.execute(":var").text == "owner = \"alice\"\n")
    #expect(session.execute(":var owner").parseFailed)
  }

  @Test(":analyze uses the :var bindings; without one it says which value is missing")
  func analyzeVariables() throws {
    let project = try Project()
    var session = project.session()
    let query = #":analyze collection("posts").where("owner", "==", owner)"#
    let missing = session.execute(query)
    #expect(missing.failed)
    #expect(
      missing.text == "query not analyzed: no value for 'owner' (bind it with :var owner=...)\n", "\(missing.text)")
    _ = session.execute(":var owner=alice")
    let analyzed = session.execute(query)
    #expect(!analyzed.failed, "\(analyzed.text)")
    #expect(analyzed.text.contains("    results returned: 1\n    read operations: 1\n"), "\(analyzed.text)")
  }

  @Test("an ALLOW names every allow that grants; a DENY notes what was null and why")
  func explainedVerdicts() throws {
    let project = try Project()
    try project.write(
      "rules.rules",
      """
      rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          match /posts/{post} {
            allow get: if request.auth != null;
            allow read: if resource.data.owner == request.auth.uid;
          }
        }
      }
      """)
    var session = project.session()
    _ = session.execute(":as alice")
    let both = session.execute("get /posts/p1")
    #expect(
      both.text.hasPrefix(
        "ALLOW get /posts/p1  (\(project.path("rules.rules")):5; also grants: \(project.path("rules.rules")):6)\n"),
      "\(both.text)")
    let missing = session.execute("get /posts/zed")
    #expect(missing.text.hasPrefix("ALLOW get /posts/zed  (\(project.path("rules.rules")):5)\n"), "\(missing.text)")
    _ = session.execute(":as nobody")
    let signedOut = session.execute("get /posts/zed")
    #expect(signedOut.text.contains("  note: request.auth is null: the request is signed out\n"), "\(signedOut.text)")
    #expect(
      signedOut.text.contains("  note: resource is null: posts/zed does not exist in the session's data\n"),
      "\(signedOut.text)")
  }

  @Test(":analyze prints Query Explain's report on the session's data, without the rules")
  func analyze() throws {
    let project = try Project()
    var session = project.session()
    // Signed out: the rules would deny the query; Query Explain does not apply them.
    let outcome = session.execute(#":analyze collection("posts").where("owner", "==", "alice")"#)
    #expect(!outcome.failed)
    #expect(
      outcome.text
        == "  plan:\n    indexes used:\n      (owner ASC, __name__ ASC) Collection\n  execution:\n"
        + "    results returned: 1\n    read operations: 1\n    index entries scanned: 1\n    documents scanned: 1\n",
      "\(outcome.text)")
    let invalid = session.execute(#":analyze collection("posts").where("a", "!=", 1).where("b", "!=", 2)"#)
    #expect(invalid.text.contains("invalid query"), "\(invalid.text)")
    #expect(session.execute(":analyze").parseFailed)
  }

  @Test("update merges onto the stored document; request.resource is the merged document")
  func updateMerges() throws {
    let project = try Project()
    var session = project.session()
    _ = session.execute(":as alice")
    let outcome = session.execute(#"update /posts/p1 {"title": "y", "meta.lang": "fr"}"#)
    #expect(outcome.text.hasPrefix("ALLOW update /posts/p1"), "\(outcome.text)")
    let stored = session.store.document(at: ResourcePath(segments: ["posts", "p1"]))
    #expect(stored?.fields["owner"] == .string("alice"))
    #expect(stored?.fields["title"] == .string("y"))
    #expect(stored?.fields["meta"] == .map(["tags": .integer(1), "lang": .string("fr")]))
  }

  @Test("field transforms work at the prompt as in suites: increment, arrayUnion")
  func transforms() throws {
    let project = try Project()
    var session = project.session()
    _ = session.execute(":as alice")
    let outcome = session.execute(
      #"update /posts/p1 {"meta.tags": {"__increment__": 2}, "labels": {"__array_union__": ["a"]}}"#)
    #expect(outcome.text.hasPrefix("ALLOW update /posts/p1"), "\(outcome.text)")
    let stored = session.store.document(at: ResourcePath(segments: ["posts", "p1"]))
    #expect(stored?.fields["meta"] == .map(["tags": .integer(3), "lang": .string("en")]))
    #expect(stored?.fields["labels"] == .array([.string("a")]))
  }

  @Test("set replaces the whole document, so dropping the owner is denied")
  func setReplaces() throws {
    let project = try Project()
    var session = project.session()
    _ = session.execute(":as alice")
    let denied = session.execute(#"set /posts/p1 {"title": "only"}"#)
    #expect(denied.text.hasPrefix("DENY update /posts/p1"), "\(denied.text)")
    #expect(session.store.document(at: ResourcePath(segments: ["posts", "p1"]))?.fields["title"] == .string("x"))
  }

  @Test("update of a missing document is NOT_FOUND, create of an existing one ALREADY_EXISTS")
  func preconditions() throws {
    let project = try Project()
    var session = project.session()
    _ = session.execute(":as alice")
    #expect(
      session.execute(#"update /posts/none {"owner": "alice"}"#).text.contains("DENY update /posts/none: NOT_FOUND"))
    #expect(
      session.execute(#"create /posts/p1 {"owner": "alice"}"#).text.contains("DENY create /posts/p1: ALREADY_EXISTS"))
  }

  @Test(":commit off decides writes but leaves the data as it is")
  func commitOff() throws {
    let project = try Project()
    var session = project.session()
    _ = session.execute(":as alice")
    _ = session.execute(":commit off")
    let outcome = session.execute(#"create /posts/p2 {"owner": "alice"}"#)
    #expect(outcome.text.contains("ALLOW create /posts/p2"))
    #expect(outcome.text.contains("not applied"))
    #expect(session.store.count == 1)
  }

  @Test("a batch is all-or-nothing and getAfter sees every queued write")
  func batch() throws {
    let project = try Project()
    var session = project.session()
    _ = session.execute(":as dana")
    #expect(session.execute(#"create /rooms/r1 {"owner": "dana"}"#).text.hasPrefix("DENY"))
    _ = session.execute(":batch")
    _ = session.execute(#"create /rooms/r1 {"owner": "dana"}"#)
    _ = session.execute(#"create /rooms/r1/members/dana {"role": "owner"}"#)
    #expect(session.prompt == "flint(dana) batch[2]> ")
    let committed = session.execute(":commit")
    #expect(committed.text.hasPrefix("ALLOW batch of 2 writes"), "\(committed.text)")
    #expect(session.store.count == 3)
    _ = session.execute(":batch")
    _ = session.execute(#"create /rooms/r2 {"owner": "dana"}"#)
    _ = session.execute(#"create /rooms/r2/members/erin {"role": "x"}"#)
    let denied = session.execute(":commit")
    #expect(denied.text.hasPrefix("DENY batch of 2 writes: nothing applied"), "\(denied.text)")
    #expect(session.store.count == 3)
    #expect(session.batch == nil)
  }

  @Test("custom claims, anonymous and signed-out users")
  func users() throws {
    let project = try Project()
    var session = project.session()
    _ = session.execute(":as bob")
    #expect(session.execute("delete /posts/p1").text.hasPrefix("DENY"))
    _ = session.execute(#":as bob {"admin": true}"#)
    #expect(session.execute("delete /posts/p1").text.hasPrefix("ALLOW"))
    _ = session.execute(":as anonymous")
    #expect(
      session.auth?.token["firebase"] == .map(["sign_in_provider": .string("anonymous"), "identities": .map([:])]))
    _ = session.execute(":as nobody")
    #expect(session.auth == nil)
  }

  @Test("malformed JSON is a parse failure with the column; the session goes on")
  func badJSON() throws {
    let project = try Project()
    var session = project.session()
    let outcome = session.execute(#"create /posts/p9 {"owner": tru}"#)
    #expect(outcome.parseFailed)
    #expect(outcome.text.contains("column 28"), "\(outcome.text)")
    #expect(!session.execute(":as alice").parseFailed)
  }

  @Test("a query syntax error is a parse failure; an invalid query is a DENY in the SDK's words")
  func queries() throws {
    let project = try Project()
    var session = project.session()
    #expect(session.execute(#"collection("posts").where("#).parseFailed)
    let invalid = session.execute(#"collection("posts").where("a", "!=", 1).where("b", "not-in", [2])"#)
    #expect(!invalid.parseFailed)
    #expect(invalid.text.hasPrefix("DENY invalid query: Invalid query."), "\(invalid.text)")
    _ = session.execute(":as alice")
    let allowed = session.execute(#"collection("posts").where("owner", "==", auth.uid)"#)
    #expect(allowed.text.hasPrefix("ALLOW query on collection(posts)"), "\(allowed.text)")
    _ = session.execute(#"collection("posts").where("owner", "==", auth.uid)"#)
    #expect(session.queries.count == 1)
  }

  @Test("changed files are reloaded before the next command; broken rules keep the last good version")
  func reloads() throws {
    let project = try Project()
    var session = project.session()
    _ = session.execute(":as alice")
    try project.write("data.json", #"{"posts/p1": {"owner": "alice"}, "posts/p2": {"owner": "alice"}}"#)
    let reloaded = session.execute(":data")
    #expect(reloaded.text.contains("data: reloaded"), "\(reloaded.text)")
    #expect(session.store.count == 2)
    try project.write("rules.rules", "rules_version = '2'; service cloud.firestore { match /x { allow read: if ; } }")
    let broken = session.execute("get /posts/p1")
    #expect(broken.text.contains("keeping the last good rules"), "\(broken.text)")
    #expect(broken.text.contains("ALLOW get /posts/p1"), "\(broken.text)")
    #expect(!session.execute("get /posts/p1").text.contains("keeping"))
  }

  @Test("a missing file is reported and the session keeps what it had")
  func missingFile() throws {
    let project = try Project()
    var session = project.session()
    let outcome = session.execute(":load data \(project.path("nope.json"))")
    #expect(outcome.failed)
    #expect(outcome.text.contains("No such file"), "\(outcome.text)")
    #expect(session.store.count == 1)
    #expect(session.execute(":load rules \(project.path("nope.rules"))").failed)
    #expect(session.rules != nil)
  }

  @Test("long results are paged; :more shows the next page")
  func paging() throws {
    let project = try Project()
    var documents: [String] = []
    for index in 0..<25 { documents.append(#""posts/q\#(index)": {"owner": "alice"}"#) }
    try project.write("data.json", "{" + documents.joined(separator: ",") + "}")
    var session = project.session()
    session.pageSize = 10
    _ = session.execute(":as alice")
    let first = session.execute(#"collection("posts").where("owner", "==", auth.uid)"#)
    #expect(first.text.contains("… 15 more"), "\(first.text)")
    #expect(session.execute(":more").text.contains("… 5 more"))
    #expect(!session.execute(":more").text.contains("more ("))
    #expect(session.execute(":more").text == "no more results\n")
  }

  @Test("completion offers commands, paths, collection ids and field names")
  func completion() throws {
    let project = try Project()
    let session = project.session()
    #expect(session.completions(before: "", word: ":ex") == [":explain"])
    #expect(session.completions(before: "get ", word: "/po") == ["/posts/"])
    #expect(session.completions(before: "get ", word: "/posts/") == ["/posts/p1"])
    #expect(session.completions(before: "collection(\"", word: "p") == ["posts"])
    #expect(
      session.completions(before: "collection(\"posts\").where(\"", word: "me") == ["meta", "meta.lang", "meta.tags"])
    #expect(session.completions(before: ":load ", word: "r") == ["rules"])
  }

  @Test(":indexes plans the session's queries; :save indexes merges into the manifest atomically")
  func indexAdvice() throws {
    let project = try Project()
    try project.write(
      "firestore.indexes.json",
      #"{"indexes": [], "x-kept": true, "fieldOverrides": [{"collectionGroup": "posts", "fieldPath": "body", "indexes": []}]}"#
    )
    var session = ReplSession()
    _ = session.start(
      with: ReplProject.resolve(
        rules: project.path("rules.rules"), data: project.path("data.json"),
        indexes: project.path("firestore.indexes.json"),
        directory: "/"))
    #expect(session.execute(":indexes").text == "no queries yet: run a query, then :indexes\n")
    _ = session.execute(":as alice")
    let answer = session.execute(#"collection("posts").where("owner", "==", auth.uid).orderBy("title", "desc")"#).text
    #expect(answer.contains("index: composite posts (owner ASC, title DESC, __name__ DESC) — missing from"))
    let plan = session.execute(":indexes").text
    #expect(plan.contains("added (1):\n  + posts (owner ASC, title DESC, __name__ DESC)  <- session:1"))
    // Each query's index line, without the backend's message (asked of the renderer: a field
    // named like a dropped line's words is not dropped with it).
    #expect(plan.contains("session:1: collection(\"posts\")"))
    #expect(plan.contains("   index: composite posts (owner ASC, title DESC, __name__ DESC) — missing from"))
    #expect(!plan.contains("FAILED_PRECONDITION") && !plan.contains("the link creates"))
    let out = project.path("out.json")
    #expect(
      session.execute(":save indexes \(out)").text.hasPrefix(
        "wrote \(out): 1 composite index, 1 field override (1 added"))
    let written = try String(contentsOf: URL(fileURLWithPath: out), encoding: .utf8)
    #expect(
      written.contains(#""x-kept": true"#) && written.contains(#""fieldPath": "body""#)
        && written.contains(#""fieldPath": "title""#))
    #expect(session.execute(":save indexes /no/such/folder/m.json").text.hasPrefix("error: cannot write"))
    _ = session.execute(#"collection("posts").where("the link creates", "==", 1).orderBy("title")"#)
    let named = session.execute(":indexes").text
    #expect(
      named.contains("   index: composite posts (`the link creates` ASC, title ASC, __name__ ASC) — missing from"))
  }
}
