import Foundation
import Testing

@Suite("flint expr --rules --at --data")
struct ExprScopeCommandTests {
  static let rules = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        function isAdmin() { return exists(/databases/$(database)/documents/admins/$(request.auth.uid)); }
        match /users/{uid} {
          function isOwner() { return request.auth.uid == uid; }
          allow read: if isOwner() || isAdmin();
        }
      }
    }
    """

  @Test("--at binds the wildcards of the innermost matching block")
  func at() throws {
    let box = try Sandbox()
    try box.write("firestore.rules", Self.rules)
    let auth = #"{"request": {"auth": {"uid": "alice"}}}"#
    let result = try box.run(
      "expr", "--rules", "firestore.rules", "--at", "/users/alice", "--bindings", auth, "isOwner()")
    #expect(result.status == 0)
    #expect(result.stdout == "true\n")
    let none = try box.run("expr", "--rules", "firestore.rules", "--at", "/rooms/r1", "1")
    #expect(none.status == 2)
    #expect(none.stderr.contains("no match block matches /rooms/r1"))
  }

  @Test("without --data, a lookup says once that every document is missing")
  func noData() throws {
    let box = try Sandbox()
    try box.write("firestore.rules", Self.rules)
    try box.write("data.json", #"{"admins/alice": {}}"#)
    let bindings = #"{"request": {"auth": {"uid": "alice"}}, "database": "(default)"}"#
    let text = try box.run("expr", "--rules", "firestore.rules", "--bindings", bindings, "isAdmin() || isAdmin()")
    #expect(text.stdout == "false\n")
    #expect(text.stderr == "flint: note: no --data given, so every get()/exists() sees a missing document\n")
    let json = try box.run(
      "expr", "--format", "json", "--rules", "firestore.rules", "--bindings", bindings, "isAdmin()")
    #expect(json.stdout == #"{"bool": false, "data": "none"}"# + "\n")
    #expect(json.stderr.isEmpty)
    try box.write("lines.jsonl", #"{"id": 1, "expr": "exists(/databases/(default)/documents/a/b)"}"# + "\n")
    let batch = try box.run("expr", "--batch", "lines.jsonl")
    #expect(batch.stdout == #"{"id": 1, "bool": false}"# + "\n")
    #expect(batch.stderr == "flint: note: no --data given, so every get()/exists() sees a missing document\n")
    let seeded = try box.run(
      "expr", "--rules", "firestore.rules", "--data", "data.json", "--bindings", bindings, "isAdmin()")
    #expect(seeded.stdout == "true\n")
    #expect(seeded.stderr.isEmpty)
  }

  @Test("flint query: a document request whose rules looked up a document, with no --data, says so")
  func queryNoData() throws {
    let box = try Sandbox()
    try box.write("firestore.rules", Self.rules)
    let result = try box.run("query", "--rules", "firestore.rules", "--auth", #"{"uid": "bob"}"#, "get", "users/alice")
    #expect(result.status == 1)
    #expect(result.stderr.contains("flint: note: no --data given, so every get()/exists() sees a missing document"))
  }
}
