import FlintServer
import FlintTestSupport
import Foundation
import Testing

/// The JSON API without HTTP: each call on a copy of the sample project.
@Suite("PlaygroundAPI")
struct PlaygroundAPITests {
  let sample: SampleCopy
  let api: PlaygroundAPI

  init() throws {
    sample = try SampleCopy()
    api = PlaygroundAPI(project: try sample.project())
  }

  func post(_ path: String, _ object: [String: Any?]) throws -> APIResponse {
    api.answer(method: "POST", path: path, body: try body(object))
  }

  @Test("the project: rules, data and manifest as on disk, and the suites beside them")
  func project() throws {
    defer { sample.remove() }
    let response = api.answer(method: "GET", path: "/api/project", body: [])
    #expect(response.status == 200)
    let object = try json(response)
    let rules = try #require(object["rules"] as? [String: Any])
    #expect(rules["text"] as? String == PackagePaths.text("Corpus/sample/firestore.rules"))
    #expect((object["data"] as? [String: Any])?["path"] as? String == sample.path + "/data.json")
    #expect((object["suites"] as? [String])?.map { ($0 as NSString).lastPathComponent } == ["bookclub.test.yaml"])
  }

  @Test("check: the page's text, diagnostics with line and column")
  func check() throws {
    defer { sample.remove() }
    let clean = try json(try post("/api/check", [:]))
    let files = try #require(clean["files"] as? [[String: Any]])
    #expect((files[0]["diagnostics"] as? [Any])?.isEmpty == true)

    let broken = "rules_version = '2';\nservice cloud.firestore {\n  match /x/{id} {\n    allow read: if ;\n  }\n}\n"
    let report = try json(try post("/api/check", ["rules": broken]))
    let diagnostics = try #require((report["files"] as? [[String: Any]])?.first?["diagnostics"] as? [[String: Any]])
    let error = try #require(diagnostics.first { $0["severity"] as? String == "error" })
    #expect(error["line"] as? Int == 4)
    #expect(error["column"] as? Int == 19)
  }

  @Test("request: a denial names the failing sub-expression's range on the rules")
  func deniedRequest() throws {
    defer { sample.remove() }
    let response = try post("/api/request", ["method": "get", "path": "clubs/poetry", "auth": ["uid": "alice"]])
    #expect(response.status == 200)
    let rules = try #require(try json(response)["rules"] as? [String: Any])
    #expect(rules["decision"] as? String == "deny")
    let allows = try #require((rules["explanation"] as? [String: Any])?["allows"] as? [[String: Any]])
    let failure = try #require(allows.compactMap { $0["failure"] as? [String: Any] }.first)
    let line = SampleCopy.line(containing: SampleCopy.clubsRead)
    #expect(line > 0)
    #expect(failure["line"] as? Int == line)
    #expect((failure["endColumn"] as? Int ?? 0) > (failure["column"] as? Int ?? 0))
  }

  @Test("request: the page's edited rules decide it, and the granting allow's line is given")
  func editedRules() throws {
    defer { sample.remove() }
    let rules = PackagePaths.text("Corpus/sample/firestore.rules")
      .replacingOccurrences(of: SampleCopy.clubsRead, with: "allow read: if true;")
    let response = try post(
      "/api/request", ["method": "get", "path": "clubs/poetry", "auth": ["uid": "alice"], "rules": rules])
    let decision = try #require(try json(response)["rules"] as? [String: Any])
    #expect(decision["decision"] as? String == "allow")
    let allows = try #require((decision["explanation"] as? [String: Any])?["allows"] as? [[String: Any]])
    #expect(
      allows.first { $0["outcome"] as? String == "granted" }?["line"] as? Int
        == SampleCopy.line(containing: SampleCopy.clubsRead))
    // Nothing was written: the file on disk still denies.
    #expect(try sample.text("firestore.rules") == PackagePaths.text("Corpus/sample/firestore.rules"))
  }

  @Test("request: a write with data, and a refused update of a missing document")
  func writes() throws {
    defer { sample.remove() }
    let created = try json(
      try post(
        "/api/request",
        [
          "method": "create", "path": "users/dave", "auth": ["uid": "dave"], "time": "2024-05-01T12:00:00Z",
          "data": ["displayName": "Dave", "joinedAt": ["__server_timestamp__": true]],
        ]))
    #expect((created["rules"] as? [String: Any])?["decision"] as? String == "allow")
    let refused = try json(try post("/api/request", ["method": "update", "path": "users/zed", "data": ["a": 1]]))
    #expect(refused["refused"] as? String == "NOT_FOUND")
  }

  @Test("rules that do not compile: 422 with their diagnostics")
  func brokenRules() throws {
    defer { sample.remove() }
    let response = try post("/api/request", ["method": "get", "path": "a/b", "rules": "service cloud.firestore {"])
    #expect(response.status == 422)
    let object = try json(response)
    #expect(object["error"] as? String == "the rules do not compile")
    #expect((object["diagnostics"] as? [Any])?.isEmpty == false)
  }

  @Test(
    "bad bodies are 400 or 422 with a message",
    arguments: [
      ("{", 400, "the body is not JSON"), ("[1]", 400, "must be a JSON object"),
      (#"{"method": 1}"#, 400, "must be a string"),
      (#"{"method": "get", "path": "a/b", "extra": 1}"#, 400, "extra"),
      (#"{"path": "a/b"}"#, 400, "\"method\" is missing"),
      (#"{"method": "list", "path": "a/b"}"#, 422, "must be one of"),
      (#"{"method": "get", "path": "a"}"#, 422, "not a document path"),
      (#"{"method": "get", "path": "a/b", "auth": {"uid": ""}}"#, 422, "invalid auth"),
      (#"{"method": "get", "path": "a/b", "data": {"a": 1}}"#, 422, "only for create"),
      (#"{"method": "get", "path": "a/b", "time": "yesterday"}"#, 422, "invalid time"),
      ("\u{FF}\u{FE}", 400, "the body is not JSON"),
    ])
  func badBodies(text: String, status: Int, message: String) throws {
    defer { sample.remove() }
    let bytes = text == "\u{FF}\u{FE}" ? [0xFF, 0xFE] : Array(text.utf8)
    let response = api.answer(method: "POST", path: "/api/request", body: bytes)
    #expect(response.status == status)
    #expect((try json(response)["error"] as? String)?.contains(message) == true, "\(response.body)")
  }

  @Test("unknown calls and methods")
  func routes() throws {
    defer { sample.remove() }
    #expect(api.answer(method: "POST", path: "/api/nothing", body: []).status == 404)
    #expect(api.answer(method: "GET", path: "/api/request", body: []).status == 405)
    #expect(api.answer(method: "POST", path: "/api/project", body: []).status == 405)
  }

  @Test("suites: every case's verdict, and the page's rules make some fail")
  func suites() throws {
    defer { sample.remove() }
    let report = try json(try post("/api/suites", [:]))
    let passed = try #require(report["passed"] as? Int)
    #expect(passed >= 10)
    #expect(report["failed"] as? Int == 0)
    let open = PackagePaths.text("Corpus/sample/firestore.rules").replacingOccurrences(
      of: "allow delete: if false;", with: "allow delete: if true;")
    let edited = try json(try post("/api/suites", ["rules": open]))
    #expect((edited["failed"] as? Int ?? 0) > 0)
    let cases = (edited["suites"] as? [[String: Any]])?.first?["cases"] as? [[String: Any]] ?? []
    #expect(cases.contains { $0["pass"] as? Bool == false && $0["actual"] as? String == "allow" })
  }

  @Test("suites: the coverage of the project's rules file, to draw on the page's text")
  func suitesCoverage() throws {
    defer { sample.remove() }
    let coverage = try #require(try json(try post("/api/suites", [:]))["coverage"] as? [String: Any])
    #expect((coverage["file"] as? String)?.hasSuffix("firestore.rules") == true)
    let allows = try #require(coverage["allows"] as? [[String: Any]])
    let rules = PackagePaths.text("Corpus/sample/firestore.rules").split(
      separator: "\n", omittingEmptySubsequences: false)
    // Every allow's line is an allow statement of the rules file.
    for allow in allows {
      let line = try #require(allow["line"] as? Int)
      #expect(rules[line - 1].contains("allow"))
    }
    #expect(allows.contains { $0["covered"] as? Bool == true })
    // An allow added in the page that no case reaches is reported as never reached.
    let extra = PackagePaths.text("Corpus/sample/firestore.rules").replacingOccurrences(
      of: "  match /databases/{database}/documents {",
      with: "  match /databases/{database}/documents {\n    match /unvisited/{id} {\n      allow read: if true;\n    }")
    let edited = try #require(try json(try post("/api/suites", ["rules": extra]))["coverage"] as? [String: Any])
    let never = (edited["allows"] as? [[String: Any]] ?? []).filter {
      $0["granted"] as? Int == 0 && $0["denied"] as? Int == 0 && $0["errors"] as? Int == 0
    }
    #expect(!never.isEmpty)
  }

  @Test("query: the rules proof with its fix, and the index the manifest lacks")
  func query() throws {
    defer { sample.remove() }
    let denied = try json(
      try post("/api/query", ["query": #"collection("clubs").orderBy("name")"#, "auth": ["uid": "alice"]]))
    #expect(denied["valid"] as? Bool == true)
    let proof = try #require(denied["rules"] as? [String: Any])
    #expect(proof["decision"] as? String == "deny")
    #expect(((proof["explanation"] as? [String: Any])?["suggestions"] as? [Any])?.isEmpty == false)

    let unserved = try json(
      try post(
        "/api/query",
        [
          "query": #"collection("clubs").where("owner", "==", auth.uid).orderBy("createdAt", "desc")"#,
          "auth": ["uid": "alice"],
        ]))
    let index = try #require(unserved["index"] as? [String: Any])
    #expect(((index["missing"] as? [String: Any])?["indexes"] as? [Any])?.count == 1)
    #expect(index["manifest"] as? String == sample.path + "/firestore.indexes.json")

    let invalid = try json(
      try post(
        "/api/query", ["query": #"collection("clubs").where("a", "array-contains", 1).where("b", "array-contains", 2)"#]
      ))
    #expect(invalid["valid"] as? Bool == false)
  }

  @Test("indexes/add: the missing index merged into the manifest, every entry kept, written once")
  func addIndex() throws {
    defer { sample.remove() }
    let before = try manifestEntries()
    let query = #"collection("clubs").where("owner", "==", auth.uid).orderBy("createdAt", "desc")"#
    let response = try post("/api/indexes/add", ["query": query])
    #expect(response.status == 200, "\(response.body)")
    let after = try manifestEntries()
    #expect(after.count == before.count + 1)
    #expect(before.allSatisfy(after.contains))
    let added = try #require(after.first { !before.contains($0) })
    #expect(added.contains("owner") && added.contains("createdAt") && added.contains("DESCENDING"))
    // Served now: asking again writes nothing.
    let text = try sample.text("firestore.indexes.json")
    let again = try post("/api/indexes/add", ["query": query])
    #expect(again.status == 200)
    #expect(try json(again)["written"] is NSNull)
    #expect(try sample.text("firestore.indexes.json") == text)
    let served = try json(try post("/api/query", ["query": query, "auth": ["uid": "alice"]]))
    #expect(
      ((served["index"] as? [String: Any])?["missing"] as? [String: Any])?["indexes"] as? [Any] == nil
        || (((served["index"] as? [String: Any])?["missing"] as? [String: Any])?["indexes"] as? [Any])?.isEmpty == true)
  }

  /// The manifest's composite indexes, each as canonical JSON text.
  func manifestEntries() throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: Data(try sample.text("firestore.indexes.json").utf8))
    let indexes = (object as? [String: Any])?["indexes"] as? [Any] ?? []
    return try indexes.map {
      String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self)
    }
  }
}
