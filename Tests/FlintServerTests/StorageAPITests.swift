import FlintServer
import FlintTestSupport
import Foundation
import Testing

/// Cloud Storage in the JSON API: the sample project's `storage.rules` (firebase.json's
/// `storage` entry) listed, checked, and deciding requests on objects.
@Suite("PlaygroundAPI: Cloud Storage")
struct StorageAPITests {
  let sample: SampleCopy
  let api: PlaygroundAPI

  init() throws {
    sample = try SampleCopy()
    api = PlaygroundAPI(project: try sample.project())
  }

  func post(_ path: String, _ object: [String: Any?]) throws -> APIResponse {
    api.answer(method: "POST", path: path, body: try body(object))
  }

  var storageFile: String { sample.path + "/storage.rules" }

  @Test("the project lists its Storage rules file with its text")
  func listed() throws {
    defer { sample.remove() }
    let project = try json(api.answer(method: "GET", path: "/api/project", body: []))
    let storage = try #require(project["storage"] as? [[String: Any]])
    #expect(storage.map { $0["path"] as? String } == [storageFile])
    #expect(storage.first?["text"] as? String == PackagePaths.text("Corpus/sample/storage.rules"))
  }

  @Test("an upload by the owner under 2 MB is allowed; an oversize one is denied at the size check")
  func uploads() throws {
    defer { sample.remove() }
    let allowed = try json(
      try post(
        "/api/object",
        [
          "method": "create", "path": "users/alice/avatar.png", "auth": ["uid": "alice"],
          "object": ["size": 204_800, "contentType": "image/png"],
        ]))
    #expect((allowed["rules"] as? [String: Any])?["decision"] as? String == "allow")
    let denied = try json(
      try post(
        "/api/object",
        [
          "method": "create", "path": "/users/alice/avatar.png", "auth": ["uid": "alice"],
          "object": ["size": 5_000_000, "contentType": "image/png"],
        ]))
    let rules = try #require(denied["rules"] as? [String: Any])
    #expect(rules["decision"] as? String == "deny")
    #expect(denied["path"] as? String == "users/alice/avatar.png")
    let allows = (rules["explanation"] as? [String: Any])?["allows"] as? [[String: Any]] ?? []
    let failure = allows.compactMap { $0["failure"] as? [String: Any] }.first
    #expect(failure?["text"] as? String == "request.resource.size < bytes")
  }

  @Test("another user's upload is denied; the page's edited text is what decides")
  func editedRules() throws {
    defer { sample.remove() }
    let request: [String: Any] = [
      "method": "create", "path": "users/alice/avatar.png", "auth": ["uid": "bob"],
      "object": ["size": 10, "contentType": "image/png"],
    ]
    #expect(try verdict(try post("/api/object", request)) == "deny")
    let open = PackagePaths.text("Corpus/sample/storage.rules").replacingOccurrences(
      of: "allow create, update: if isOwner(uid) &&", with: "allow create, update: if")
    var edited = request
    edited["rules"] = open
    #expect(try verdict(try post("/api/object", edited)) == "allow")
    #expect(try sample.text("storage.rules") == PackagePaths.text("Corpus/sample/storage.rules"))
  }

  @Test("a download reads the stored object; with none stored it is still decided (Storage answers 404)")
  func downloads() throws {
    defer { sample.remove() }
    let stored = try json(
      try post(
        "/api/object",
        [
          "method": "get", "path": "public/cover.png", "auth": nil,
          "stored": ["size": 10, "contentType": "image/png"],
        ]))
    #expect((stored["rules"] as? [String: Any])?["decision"] as? String == "allow")
    #expect((stored["stored"] as? [String: Any]) != nil)
    let missing = try json(try post("/api/object", ["method": "get", "path": "public/cover.png"]))
    #expect(missing["stored"] is NSNull)
  }

  @Test("bad input is a 4xx naming what to change, never a decision")
  func badInput() throws {
    defer { sample.remove() }
    let cases: [([String: Any?], Int, String)] = [
      (["method": "get", "path": "users//a.png"], 422, "empty segments"),
      (["method": "upload", "path": "a.png"], 422, "\"method\" must be one of"),
      (["method": "update", "path": "users/alice/a.png"], 422, "the changed metadata"),
      (["method": "get", "path": "a.png", "object": ["size": 1]], 422, "only for create"),
      (["method": "create", "path": "a.png", "object": ["metadata": ["n": 1]]], 422, "invalid object"),
      (["method": "create", "path": "a.png", "object": ["colour": "red"]], 422, "invalid object"),
      (["method": "get", "path": "a.png", "file": "elsewhere.rules"], 422, "not one of the project's rules files"),
      (["method": "get", "path": "a.png", "file": sample.path + "/firestore.rules"], 422, "not Cloud Storage rules"),
      (["method": "get"], 400, "\"path\" is missing"),
      (["method": "get", "path": "a.png", "extra": 1], 400, "extra"),
    ]
    for (body, status, message) in cases {
      let answer = try post("/api/object", body)
      #expect(answer.status == status, "\(body)")
      #expect((try json(answer)["error"] as? String)?.contains(message) == true, "\(body): \(answer.body)")
    }
  }

  @Test("check and suites take the file: the Storage rules are checked as Storage rules")
  func checkTheStorageFile() throws {
    defer { sample.remove() }
    let report = try json(try post("/api/check", ["file": storageFile]))
    let files = try #require(report["files"] as? [[String: Any]])
    #expect(files.first?["file"] as? String == storageFile)
    #expect((files.first?["diagnostics"] as? [Any])?.isEmpty == true)
    // `request.resource.size` is a Storage property: as Firestore rules the same text would
    // not check clean, so a clean report shows the service was read from the file.
    let broken = try json(try post("/api/check", ["file": storageFile, "rules": "service firebase.storage {"]))
    #expect(((broken["files"] as? [[String: Any]])?.first?["diagnostics"] as? [Any])?.isEmpty == false)
    #expect(try post("/api/suites", ["file": "nowhere.rules"]).status == 422)
  }

  private func verdict(_ answer: APIResponse) throws -> String? {
    (try json(answer)["rules"] as? [String: Any])?["decision"] as? String
  }
}
