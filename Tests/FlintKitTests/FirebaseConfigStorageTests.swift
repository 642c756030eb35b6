import FlintKit
import Foundation
import Testing

/// The `storage` section of `firebase.json` (issue 29): the object form (with or without
/// `bucket`), the per-bucket array (`bucket` or deploy `target`), a project with Storage only, and
/// the shapes the Firebase CLI cannot deploy, each an error naming the place.
@Suite struct FirebaseConfigStorageTests {
  static func config(_ text: String) throws -> FirebaseConfig {
    try FirebaseConfig(bytes: Array(text.utf8), name: "firebase.json")
  }

  /// The message of the error `text` is refused with ("" when it is accepted).
  static func problem(_ text: String) -> String {
    do {
      _ = try FirebaseConfig(bytes: Array(text.utf8), name: "firebase.json")
      return ""
    } catch {
      return error.message
    }
  }

  @Test("the object form: the project's default bucket, or the bucket it names")
  func objectForm() throws {
    let plain = try Self.config(#"{"firestore": {"rules": "a.rules"}, "storage": {"rules": "storage.rules"}}"#)
    #expect(plain.storage == [.init(rules: "storage.rules")])
    #expect(plain.storageRulesFiles.map(\.path) == ["storage.rules"])
    #expect(plain.storageRulesFiles.map(\.destinations) == [[]])
    let named = try Self.config(
      #"{"storage": {"rules": "s.rules", "bucket": "my-app.appspot.com", "location": "us-west1"}}"#)
    #expect(named.storage == [.init(rules: "s.rules", bucket: "my-app.appspot.com")])
    #expect(named.storage.first?.destination == "bucket my-app.appspot.com")
  }

  @Test("the array form: one entry per bucket or deploy target; a shared file is listed once with each")
  func arrayForm() throws {
    let config = try Self.config(
      """
      {"storage": [{"bucket": "a.appspot.com", "rules": "shared.rules"},
                   {"target": "uploads", "rules": "uploads.rules"},
                   {"bucket": "b.appspot.com", "rules": "shared.rules"}]}
      """)
    #expect(
      config.storage == [
        .init(rules: "shared.rules", bucket: "a.appspot.com"), .init(rules: "uploads.rules", target: "uploads"),
        .init(rules: "shared.rules", bucket: "b.appspot.com"),
      ])
    #expect(config.storageRulesFiles.map(\.path) == ["shared.rules", "uploads.rules"])
    #expect(
      config.storageRulesFiles.map(\.destinations) == [
        ["bucket a.appspot.com", "bucket b.appspot.com"], ["target uploads"],
      ])
  }

  @Test("a project with Storage only has no databases and is no error")
  func storageOnly() throws {
    let config = try Self.config(#"{"storage": {"rules": "storage.rules"}}"#)
    #expect(!config.hasFirestore)
    #expect(config.databases.isEmpty && config.rulesFiles.isEmpty)
    #expect(config.storage.count == 1)
    // Neither section: still a valid config, naming nothing.
    let hosting = try Self.config(#"{"hosting": {"public": "public"}}"#)
    #expect(!hosting.hasFirestore && hosting.storage.isEmpty)
  }

  @Test("shapes the CLI cannot deploy: an error at file:line:col with the JSON path")
  func badShapes() {
    #expect(
      Self.problem(#"{"storage": "storage.rules"}"#)
        == #"firebase.json:1:13: $.storage: "storage" must be an object ({"rules": "storage.rules"}) or an array of per-bucket entries"#
    )
    #expect(
      Self.problem("{\"storage\": {\n  \"bucket\": \"b\"\n}}")
        == #"firebase.json:1:13: $.storage: a "storage" entry needs "rules", the path of its rules file"#)
    #expect(
      Self.problem("{\"storage\": [\n  {\"bucket\": \"b\", \"rules\": \"\"}]}")
        == #"firebase.json:2:28: $.storage[0].rules: "rules" must be a non-empty string"#)
    #expect(
      Self.problem(#"{"storage": {"rules": "s.rules", "bucket": 7}}"#)
        == #"firebase.json:1:44: $.storage.bucket: "bucket" must be a non-empty string"#)
    #expect(
      Self.problem(#"{"storage": ["s.rules"]}"#)
        == #"firebase.json:1:14: $.storage[0]: each "storage" entry must be an object: {"bucket": "...", "rules": "storage.rules"}"#
    )
    #expect(
      Self.problem(#"{"storage": [{"bucket": "a", "rules": "a.rules"}, {"rules": "b.rules"}]}"#)
        == #"firebase.json:1:51: $.storage[1]: an entry of the "storage" array names its "bucket" or its deploy "target" (b.rules is deployed nowhere)"#
    )
  }

  @Test("commands that read Firestore files go on without them in a Storage-only project")
  func resolveWithoutFirestore() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flint-storage-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(#"{"storage": {"rules": "storage.rules"}}"#.utf8).write(to: url.appendingPathComponent("firebase.json"))
    let files = try ProjectFiles.resolve(rules: nil, indexes: nil, database: nil, directory: url.path)
    #expect(files.readConfig)
    #expect(files.config == nil && files.rules == nil && files.indexes == nil)
    #expect(files.indexesNote == nil && files.databaseNote == nil)
  }
}
