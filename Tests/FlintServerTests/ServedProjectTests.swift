import FlintServer
import FlintTestSupport
import Foundation
import Testing

/// What the served project keeps between calls (the compiled rules, the seed documents) is found
/// by the bytes it came from: a file changed on disk or a text edited in the page is never
/// answered from an earlier call. And the fingerprints the page watches the files by.
@Suite("ServedProject")
struct ServedProjectTests {
  let sample: SampleCopy
  let api: PlaygroundAPI

  init() throws {
    sample = try SampleCopy()
    api = PlaygroundAPI(project: try sample.project())
  }

  func decision(_ object: [String: Any?]) throws -> String? {
    let response = api.answer(method: "POST", path: "/api/request", body: try body(object))
    return (try json(response)["rules"] as? [String: Any])?["decision"] as? String
  }

  /// Overwrites one of the copy's files, replacing `old` by `new` of the same length (the size
  /// and, within the second, the modification time stay as they were).
  func rewrite(_ name: String, _ old: String, _ new: String) throws {
    #expect(old.utf8.count == new.utf8.count)
    let text = try sample.text(name)
    #expect(text.contains(old))
    try text.replacingOccurrences(of: old, with: new).write(
      to: sample.folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
  }

  static var aliceReadsPoetry: [String: Any?] { ["method": "get", "path": "clubs/poetry", "auth": ["uid": "alice"]] }

  @Test("the rules file changed on disk, same size: the next call decides on the new rules")
  func rulesChangedOnDisk() throws {
    defer { sample.remove() }
    #expect(try decision(Self.aliceReadsPoetry) == "deny")
    #expect(try decision(Self.aliceReadsPoetry) == "deny")
    let open = "allow read: if true;" + String(repeating: " ", count: SampleCopy.clubsRead.utf8.count - 20)
    try rewrite("firestore.rules", SampleCopy.clubsRead, open)
    #expect(try decision(Self.aliceReadsPoetry) == "allow")
    try rewrite("firestore.rules", open, SampleCopy.clubsRead)
    #expect(try decision(Self.aliceReadsPoetry) == "deny")
  }

  @Test("the page's text alternating with the file's: each call decides on its own text")
  func editedAndSaved() throws {
    defer { sample.remove() }
    let saved = PackagePaths.text("Corpus/sample/firestore.rules")
    let edited = saved.replacingOccurrences(of: SampleCopy.clubsRead, with: "allow read: if true;")
    var withEdit = Self.aliceReadsPoetry
    withEdit["rules"] = edited
    var withSaved = Self.aliceReadsPoetry
    withSaved["rules"] = saved
    for _ in 0..<3 {
      #expect(try decision(withEdit) == "allow")
      #expect(try decision(withSaved) == "deny")
      #expect(try decision(Self.aliceReadsPoetry) == "deny")
    }
    // Broken rules stay broken, and fixing them is seen at once.
    var broken = Self.aliceReadsPoetry
    broken["rules"] = String(saved.dropLast(4))
    #expect(api.answer(method: "POST", path: "/api/request", body: try body(broken)).status == 422)
    #expect(api.answer(method: "POST", path: "/api/request", body: try body(broken)).status == 422)
    #expect(try decision(withEdit) == "allow")
  }

  @Test("the seed data changed on disk, same size: the next call reads the new documents")
  func dataChangedOnDisk() throws {
    defer { sample.remove() }
    #expect(try decision(Self.aliceReadsPoetry) == "deny")
    try rewrite("data.json", #""members": ["carol"]"#, #""members": ["alice"]"#)
    #expect(try decision(Self.aliceReadsPoetry) == "allow")
  }

  @Test("seed data with a server timestamp is loaded at each call's request time")
  func serverTimestampFollowsTime() throws {
    defer { sample.remove() }
    try #"{"notes/n1": {"at": {"__server_timestamp__": true}}}"#.write(
      to: sample.folder.appendingPathComponent("data.json"), atomically: false, encoding: .utf8)
    let rules = """
      rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          match /notes/{id} { allow read: if resource.data.at == request.time; }
        }
      }
      """
    for time in ["2024-01-01T00:00:00Z", "2025-06-01T12:00:00Z", "2024-01-01T00:00:00Z"] {
      #expect(try decision(["method": "get", "path": "notes/n1", "rules": rules, "time": time]) == "allow")
    }
  }

  @Test("at most 4 compiled rulesets are kept, however many texts are sent")
  func boundedRulesets() throws {
    defer { sample.remove() }
    let saved = PackagePaths.text("Corpus/sample/firestore.rules")
    for index in 0..<12 {
      var call = Self.aliceReadsPoetry
      call["rules"] = saved + "\n// edit \(index)\n"
      #expect(try decision(call) == "deny")
      #expect(api.project.caches.rulesets.count <= 4)
    }
    #expect(api.project.caches.rulesets.count == 4)
    #expect(api.project.caches.stores.count == 1)
  }

  @Test("the version call: a fingerprint per file, changing with the content, matching /api/project")
  func version() throws {
    defer { sample.remove() }
    func versions() throws -> [String: Any] {
      let response = api.answer(method: "GET", path: "/api/project/version", body: [])
      #expect(response.status == 200)
      return try json(response)
    }
    let first = try versions()
    let rules = try #require(first["rules"] as? String)
    #expect(first["data"] is String && first["indexes"] is String)
    #expect(try versions()["rules"] as? String == rules)
    let project = try json(api.answer(method: "GET", path: "/api/project", body: []))
    #expect((project["rules"] as? [String: Any])?["version"] as? String == rules)

    // One character changed, same size: a new fingerprint; changed back: the old one.
    try rewrite("firestore.rules", "allow delete: if false;", "allow delete: if fals3;")
    let changed = try #require(try versions()["rules"] as? String)
    #expect(changed != rules)
    #expect(try versions()["data"] as? String == first["data"] as? String)
    try rewrite("firestore.rules", "allow delete: if fals3;", "allow delete: if false;")
    #expect(try versions()["rules"] as? String == rules)

    // Every rules file, Cloud Storage's too, by path, as /api/project gives them.
    let storagePath = sample.path + "/storage.rules"
    let storage = try #require((try versions()["files"] as? [String: Any])?[storagePath] as? String)
    let listed = (project["storage"] as? [[String: Any]])?.first
    #expect(listed?["version"] as? String == storage)
    try rewrite("storage.rules", "allow read: if true;", "allow read: if fals;")
    #expect((try versions()["files"] as? [String: Any])?[storagePath] as? String != storage)

    try FileManager.default.removeItem(at: sample.folder.appendingPathComponent("firestore.rules"))
    #expect(try versions()["rules"] is NSNull)
    #expect(api.answer(method: "POST", path: "/api/project/version", body: []).status == 405)
  }
}

@Suite("RecentResults")
struct RecentResultsTests {
  @Test("a key equal in every byte is a hit; any other is made anew; the least recently used goes")
  func keepsRecent() {
    let cache = RecentResults<[UInt8], Int>(capacity: 2)
    var made = 0
    func value(_ key: [UInt8]) -> Int {
      cache.value(for: key) {
        made += 1
        return made
      }
    }
    #expect(value([1, 2]) == 1)
    #expect(value([1, 2]) == 1)
    #expect(value([1, 3]) == 2)
    #expect(value([1, 2]) == 1)
    #expect(value([9]) == 3)  // drops [1, 3], used least recently
    #expect(cache.count == 2)
    #expect(value([1, 2]) == 1)
    #expect(value([1, 3]) == 4)
  }
}
