import FirestoreModel
import FlintTestSupport
import Foundation
import Testing

@testable import FlintServer

/// `POST /api/diff` on a copy of the sample project committed to a temporary git repository: the
/// editor's rules against the committed file, each witness's load replayed through
/// `/api/request`, and git's refusals (no repository, unknown revision, file not committed, a
/// revision that would be an option). Serialized: one diff runs at a time (`DiffEndpoint.running`).
@Suite("DiffEndpoint", .serialized)
struct DiffEndpointTests {
  /// The clubs update rule's owner test: replaced by `true`, anyone signed in may update a club.
  static let ownerTest = "&& (resource.data.owner == request.auth.uid || isModerator())"

  static func loosened(_ old: String, _ new: String) -> String {
    PackagePaths.text("Corpus/sample/firestore.rules").replacingOccurrences(of: old, with: new)
  }

  @Test("a loosened rule in the editor: a weaker change whose witness, loaded, is allowed as claimed")
  func loosenedUpdate() throws {
    let sample = try SampleCopy()
    defer { sample.remove() }
    try Git.commitAll(in: sample.path)
    let api = PlaygroundAPI(project: try sample.project())
    let rules = Self.loosened(Self.ownerTest, "&& true")
    let response = api.answer(method: "POST", path: "/api/diff", body: try body(["ref": "HEAD", "rules": rules]))
    #expect(response.status == 200, "\(response.body)")
    let report = try json(response)
    #expect(report["ref"] as? String == "HEAD")
    #expect(report["old"] as? String == "HEAD:\(sample.path)/firestore.rules")
    let changes = try #require(report["changes"] as? [[String: Any]])
    #expect(changes.count == 1, "\(response.body)")
    let change = try #require(changes.first)
    #expect(change["match"] as? String == "/clubs/{clubId}")
    #expect(change["method"] as? String == "update")
    #expect(change["direction"] as? String == "weaker")
    #expect((report["unchanged"] as? [Any])?.isEmpty == false)
    let witness = try #require((change["witnesses"] as? [[String: Any]])?.first)
    #expect(witness["allowedBy"] as? String == "new")
    var load = try #require(witness["load"] as? [String: Any])
    // The witness's data is the whole document after the update: sent as `set`, not merged.
    #expect(load["method"] as? String == "set")
    #expect((load["documents"] as? [String: Any])?.isEmpty == false)

    // Replayed on the witness's stored documents: the new rules allow it, the committed ones deny it.
    load["rules"] = rules
    let allowed = try json(
      api.answer(method: "POST", path: "/api/request", body: try body(load.mapValues { $0 as Any? })))
    #expect((allowed["rules"] as? [String: Any])?["decision"] as? String == "allow", "\(allowed)")
    load["rules"] = nil
    let denied = try json(
      api.answer(method: "POST", path: "/api/request", body: try body(load.mapValues { $0 as Any? })))
    #expect((denied["rules"] as? [String: Any])?["decision"] as? String == "deny", "\(denied)")
  }

  @Test("a loosened read: a get witness, and the list one the Request panel cannot load")
  func loosenedRead() throws {
    let sample = try SampleCopy()
    defer { sample.remove() }
    try Git.commitAll(in: sample.path)
    let api = PlaygroundAPI(project: try sample.project())
    let rules = Self.loosened(SampleCopy.clubsRead, "allow read: if true;")
    let report = try json(api.answer(method: "POST", path: "/api/diff", body: try body(["rules": rules])))
    let changes = try #require(report["changes"] as? [[String: Any]])
    #expect(Set(changes.compactMap { $0["method"] as? String }) == ["get", "list"], "\(report)")
    for change in changes {
      let witness = try #require((change["witnesses"] as? [[String: Any]])?.first)
      if change["method"] as? String == "list" {
        #expect(witness["load"] == nil)
        #expect((witness["loadProblem"] as? String)?.contains("list") == true)
        continue
      }
      var load = try #require(witness["load"] as? [String: Any])
      #expect(load["method"] as? String == "get")
      load["rules"] = rules
      let replayed = try json(
        api.answer(method: "POST", path: "/api/request", body: try body(load.mapValues { $0 as Any? })))
      #expect((replayed["rules"] as? [String: Any])?["decision"] as? String == "allow", "\(replayed)")
    }
  }

  @Test("the file on disk as committed: no change, every match and method unchanged")
  func unchanged() throws {
    let sample = try SampleCopy()
    defer { sample.remove() }
    try Git.commitAll(in: sample.path)
    let api = PlaygroundAPI(project: try sample.project())
    let report = try json(api.answer(method: "POST", path: "/api/diff", body: []))
    #expect((report["changes"] as? [Any])?.isEmpty == true, "\(report)")
    #expect(((report["unchanged"] as? [Any])?.count ?? 0) > 10)
  }

  @Test("a project in a subfolder of its repository: the rules path is read relative to it")
  func subfolder() throws {
    let sample = try SampleCopy()
    defer { sample.remove() }
    let inner = sample.folder.appendingPathComponent("app")
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: false)
    for name in ["firebase.json", "firestore.rules", "firestore.indexes.json", "data.json"] {
      try FileManager.default.moveItem(
        at: sample.folder.appendingPathComponent(name), to: inner.appendingPathComponent(name))
    }
    try Git.commitAll(in: sample.path)
    let api = PlaygroundAPI(project: try ServedProject.open(inner.path))
    let rules = Self.loosened(Self.ownerTest, "&& true")
    let response = api.answer(method: "POST", path: "/api/diff", body: try body(["rules": rules]))
    #expect(response.status == 200, "\(response.body)")
    #expect((try json(response)["changes"] as? [Any])?.count == 1)
  }

  @Test("not a repository, an unknown revision, a file never committed: 422 with git's reason")
  func gitRefusals() throws {
    let sample = try SampleCopy()
    defer { sample.remove() }
    let api = PlaygroundAPI(project: try sample.project())
    let outside = api.answer(method: "POST", path: "/api/diff", body: try body(["ref": "HEAD"]))
    #expect(outside.status == 422)
    #expect((try json(outside)["error"] as? String)?.contains("not a git repository") == true, "\(outside.body)")

    try Git.run(["init", "-q"], in: sample.path)
    try Git.run(["add", "data.json"], in: sample.path)
    try Git.run(Git.identity + ["commit", "-qm", "data only"], in: sample.path)
    let uncommitted = api.answer(method: "POST", path: "/api/diff", body: try body(["ref": "HEAD"]))
    #expect(uncommitted.status == 422)
    #expect((try json(uncommitted)["error"] as? String)?.contains("not in 'HEAD'") == true, "\(uncommitted.body)")

    let unknown = api.answer(method: "POST", path: "/api/diff", body: try body(["ref": "no-such-branch"]))
    #expect(unknown.status == 422)
    #expect((try json(unknown)["error"] as? String)?.contains("no-such-branch") == true, "\(unknown.body)")
  }

  @Test(
    "a revision git would read as an option or a path is refused before git runs",
    arguments: ["--output=leak", "-p", "HEAD:firestore.rules", "HEAD firestore.rules", "", "HEAD\n", "--"])
  func refInjection(ref: String) throws {
    let sample = try SampleCopy()
    defer { sample.remove() }
    try Git.commitAll(in: sample.path)
    let api = PlaygroundAPI(project: try sample.project())
    let response = api.answer(method: "POST", path: "/api/diff", body: try body(["ref": ref]))
    #expect(response.status == 422)
    #expect((try json(response)["error"] as? String)?.contains("revision") == true, "\(response.body)")
    let files = try FileManager.default.contentsOfDirectory(atPath: sample.path)
    #expect(!files.contains { $0.hasPrefix("leak") })
  }

  @Test("bad bodies, broken rules on either side, and a second diff while one runs")
  func refusals() throws {
    let sample = try SampleCopy()
    defer { sample.remove() }
    try Git.commitAll(in: sample.path)
    let api = PlaygroundAPI(project: try sample.project())
    #expect(api.answer(method: "POST", path: "/api/diff", body: Array(#"{"ref": 1}"#.utf8)).status == 400)
    #expect(api.answer(method: "POST", path: "/api/diff", body: Array(#"{"base": "HEAD"}"#.utf8)).status == 400)
    #expect(api.answer(method: "GET", path: "/api/diff", body: []).status == 405)

    let broken = try json(api.answer(method: "POST", path: "/api/diff", body: try body(["rules": "service {"])))
    #expect(broken["error"] as? String == "the rules do not compile")
    #expect((broken["diagnostics"] as? [Any])?.isEmpty == false)

    try "service cloud.firestore {".write(
      to: sample.folder.appendingPathComponent("firestore.rules"), atomically: true, encoding: .utf8)
    try Git.run(Git.identity + ["commit", "-qam", "broken"], in: sample.path)
    let committed = api.answer(
      method: "POST", path: "/api/diff", body: try body(["rules": PackagePaths.text("Corpus/sample/firestore.rules")]))
    #expect(committed.status == 422)
    #expect((try json(committed)["error"] as? String)?.hasPrefix("the rules in HEAD do not compile") == true)

    try PackagePaths.text("Corpus/sample/firestore.rules").write(
      to: sample.folder.appendingPathComponent("firestore.rules"), atomically: true, encoding: .utf8)
    try Git.run(Git.identity + ["commit", "-qam", "fixed"], in: sample.path)
    DiffEndpoint.running.store(true, ordering: .releasing)
    let busy = api.answer(method: "POST", path: "/api/diff", body: [])
    DiffEndpoint.running.store(false, ordering: .releasing)
    #expect(busy.status == 429)
    #expect(api.answer(method: "POST", path: "/api/diff", body: []).status == 200)
  }

  @Test("request documents: the witness's stored documents instead of the seed data")
  func requestDocuments() throws {
    let sample = try SampleCopy()
    defer { sample.remove() }
    let api = PlaygroundAPI(project: try sample.project())
    // alice is not a member of the seed's private club; in these documents she is.
    let documents: [String: Any] = ["clubs/poetry": ["visibility": "private", "members": ["alice"]]]
    let request: [String: Any?] = ["method": "get", "path": "clubs/poetry", "auth": ["uid": "alice"]]
    let onSeed = try json(api.answer(method: "POST", path: "/api/request", body: try body(request)))
    #expect((onSeed["rules"] as? [String: Any])?["decision"] as? String == "deny")
    var given = request
    given["documents"] = documents
    let onGiven = try json(api.answer(method: "POST", path: "/api/request", body: try body(given)))
    #expect((onGiven["rules"] as? [String: Any])?["decision"] as? String == "allow", "\(onGiven)")
    given["documents"] = [String: Any]()
    let onNone = try json(api.answer(method: "POST", path: "/api/request", body: try body(given)))
    #expect((onNone["rules"] as? [String: Any])?["decision"] as? String == "deny")

    given["documents"] = ["clubs"] as [String]
    #expect(api.answer(method: "POST", path: "/api/request", body: try body(given)).status == 400)
    given["documents"] = ["clubs": ["a": 1]] as [String: Any]
    let odd = api.answer(method: "POST", path: "/api/request", body: try body(given))
    #expect(odd.status == 422, "\(odd.body)")
  }

  @Test("witness loads survive JavaScript: integral doubles tagged, tags kept, huge integers refused")
  func scriptSafe() throws {
    let value: JSONValue = .object([
      ("owner", .double(0)), ("ratio", .double(0.5)), ("count", .int(3)),
      ("at", .object([("__latlng__", .array([.double(1), .double(2)]))])),
      ("list", .array([.double(2), .string("x")])),
    ])
    let safe = try #require(WitnessLoad.scriptSafe(value))
    #expect(
      safe.text(.compact)
        == #"{"owner":{"__double__":0},"ratio":0.5,"count":3,"at":{"__latlng__":[1.0,2.0]},"list":[{"__double__":2},"x"]}"#
    )
    #expect(WitnessLoad.scriptSafe(.array([.int(1 << 60)])) == Optional.none)
    #expect(WitnessLoad.scriptSafe(.object([("big", .double(1e300))])) == Optional.none)
    #expect(WitnessLoad.scriptSafe(.int(-(1 << 53))) == .int(-(1 << 53)))
  }
}

/// Runs git in a folder, the commits made by a fixed identity with signing off.
enum Git {
  static let identity = [
    "-c", "user.name=Flint Test", "-c", "user.email=flint@example.com", "-c", "commit.gpgsign=false",
  ]

  static func run(_ arguments: [String], in folder: String) throws {
    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    git.arguments = ["git"] + arguments
    git.currentDirectoryURL = URL(fileURLWithPath: folder)
    git.standardOutput = FileHandle.nullDevice
    try git.run()
    git.waitUntilExit()
    try #require(git.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
  }

  /// `git init` and a commit of everything in `folder`.
  static func commitAll(in folder: String) throws {
    try run(["init", "-q"], in: folder)
    try run(["add", "-A"], in: folder)
    try run(identity + ["commit", "-qm", "sample"], in: folder)
  }
}
