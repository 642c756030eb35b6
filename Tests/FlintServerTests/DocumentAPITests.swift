import FlintServer
import FlintTestSupport
import Foundation
import Testing

/// `POST /api/document`: the seed document the request panel shows and starts a write from.
@Suite("PlaygroundAPI: seed documents")
struct DocumentAPITests {
  let sample: SampleCopy
  let api: PlaygroundAPI

  init() throws {
    sample = try SampleCopy()
    api = PlaygroundAPI(project: try sample.project())
  }

  func post(_ path: String, _ object: [String: Any?]) throws -> APIResponse {
    api.answer(method: "POST", path: path, body: try body(object))
  }

  @Test("a stored document's data as tagged JSON, and a missing one")
  func stored() throws {
    defer { sample.remove() }
    let response = try post("/api/document", ["path": "users/alice"])
    #expect(response.status == 200)
    let alice = try json(response)
    #expect(alice["exists"] as? Bool == true)
    #expect(alice["file"] as? String == sample.path + "/data.json")
    let data = try #require(alice["data"] as? [String: Any])
    #expect(data["displayName"] as? String == "Alice")
    #expect((data["joinedAt"] as? [String: Any])?["__timestamp__"] as? String == "2024-01-01T00:00:00Z")

    let missing = try json(try post("/api/document", ["path": "/clubs/nothing"]))
    #expect(missing["exists"] as? Bool == false)
    #expect(missing["data"] is NSNull)
    #expect(missing["path"] as? String == "clubs/nothing")
  }

  @Test("the stored data is a starting point the request takes: an unchanged update by the owner is allowed")
  func prefilledUpdate() throws {
    defer { sample.remove() }
    let stored = try #require(try json(try post("/api/document", ["path": "users/alice"]))["data"])
    let update = try json(
      try post("/api/request", ["method": "update", "path": "users/alice", "auth": ["uid": "alice"], "data": stored]))
    #expect((update["rules"] as? [String: Any])?["decision"] as? String == "allow")
    let set = try json(
      try post("/api/request", ["method": "set", "path": "users/alice", "auth": ["uid": "bob"], "data": stored]))
    #expect((set["rules"] as? [String: Any])?["decision"] as? String == "deny")
  }

  @Test("a project without seed data has no stored documents")
  func noData() throws {
    defer { sample.remove() }
    try FileManager.default.removeItem(atPath: sample.path + "/data.json")
    let bare = PlaygroundAPI(project: try sample.project())
    let answer = try json(bare.answer(method: "POST", path: "/api/document", body: try body(["path": "users/alice"])))
    #expect(answer["exists"] as? Bool == false)
    #expect(answer["file"] is NSNull)
  }

  @Test(
    "bad document bodies are 400 or 422 with a message",
    arguments: [
      (#"{}"#, 400, "\"path\" is missing"), (#"{"path": 1}"#, 400, "must be a string"),
      (#"{"path": "a/b", "data": {}}"#, 400, "data"), (#"{"path": "clubs"}"#, 422, "not a document path"),
      (#"{"path": "a/b", "time": "soon"}"#, 422, "invalid time"), ("[]", 400, "must be a JSON object"),
    ])
  func badBodies(text: String, status: Int, message: String) throws {
    defer { sample.remove() }
    let response = api.answer(method: "POST", path: "/api/document", body: Array(text.utf8))
    #expect(response.status == status)
    #expect((try json(response)["error"] as? String)?.contains(message) == true, "\(response.body)")
    #expect(api.answer(method: "GET", path: "/api/document", body: []).status == 405)
  }
}
