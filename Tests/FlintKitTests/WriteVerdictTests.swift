import FirestoreModel
import FlintKit
import RulesEngine
import Testing

/// Writes Firestore fails before the rules run have their own verdicts (`not-found`,
/// `already-exists`), the same in suites, reports, `flint query` and the REPL: one meaning of
/// each request word (`DocumentRequest`).
@Suite struct WriteVerdictTests {
  static let rules = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        match /profiles/{uid} {
          allow read, create, update: if request.auth.uid == uid;
        }
      }
    }

    """

  static func run(_ cases: String) throws -> SuiteResult {
    let suite = """
      {"rules": "firestore.rules", "data": {"profiles/alice": {"name": "Alice", "visits": 1}}, "cases": [\(cases)]}
      """
    return SuiteRunner().run(try MemoryFiles(["suite.json": suite, "firestore.rules": rules]).load())
  }

  @Test func anUpdateOfAMissingDocumentIsNeverAllowed() throws {
    let result = try Self.run(
      #"{"name": "bob edits", "request": {"path": "profiles/bob", "auth": {"uid": "bob"}, "update": {"name": "B"}}, "expect": "allow"}"#
    )
    #expect(result.cases[0].actual == .notFound)
    #expect(!result.cases[0].passed)
    let text = SuiteReport.text([result])
    #expect(text.contains("FAIL bob edits: expected allow, got not-found\n"))
    #expect(text.contains("update /profiles/bob: NOT_FOUND: no document to update"))
  }

  @Test func aCreateOfAStoredDocumentIsAlreadyExists() throws {
    let result = try Self.run(
      #"{"name": "again", "request": {"method": "create", "path": "profiles/alice", "auth": {"uid": "alice"}, "data": {"name": "A"}}, "expect": "already-exists"}"#
    )
    #expect(result.cases[0].actual == .alreadyExists)
    #expect(result.cases[0].passed)
  }

  @Test func reportsCarryTheVerdict() throws {
    let result = try Self.run(
      #"{"name": "bob edits", "request": {"method": "update", "path": "profiles/bob", "auth": {"uid": "bob"}, "data": {"name": "B"}}, "expect": "deny"}"#
    )
    let json = SuiteReport.json([result])
    #expect(json.contains(#""expect": "deny", "actual": "not-found", "pass": false"#))
    #expect(json.contains(#""refused": "NOT_FOUND", "path": "/profiles/bob""#))
    let junit = JUnitReport.render([.ran(result, seconds: 0)])
    #expect(junit.contains(#"message="expected deny, got not-found""#))
  }

  @Test func anUnknownExpectationNamesEveryVerdict() {
    let suite = """
      {"rules": "firestore.rules", "cases": [{"name": "c", "request": {"method": "get", "path": "profiles/a"}, "expect": "missing"}]}
      """
    let error = MemoryFiles(["suite.json": suite, "firestore.rules": Self.rules]).error()?.description ?? ""
    #expect(error.contains("expected one of allow, deny, not-found, already-exists"))
  }

  @Test func everyFrontEndGivesUpdateTheSameMeaning() throws {
    var store = DocumentStore()
    store.put(
      Document(
        path: ResourcePath(parsing: "profiles/alice")!, fields: ["name": .string("Alice"), "visits": .integer(1)]))
    let path = ResourcePath(parsing: "profiles/alice")!
    // flint query and the REPL read their JSON through DocumentRequest.read: update merges, transforms apply.
    let update = try DocumentRequest.read(
      .update, path: path, json: #"{"visits": {"__increment__": 2}}"#, time: Timestamp(seconds: 0))
    guard case .success(let request) = update.resolve(on: store, auth: nil, time: Timestamp(seconds: 0)) else {
      return #expect(Bool(false))
    }
    #expect(request.method == .update)
    #expect(request.resourceData == ["name": .string("Alice"), "visits": .integer(3)])
    let missing = try DocumentRequest.read(
      .update, path: ResourcePath(parsing: "profiles/bob")!, json: #"{"a": 1}"#, time: Timestamp(seconds: 0))
    guard case .failure(let refusal) = missing.resolve(on: store, auth: nil, time: Timestamp(seconds: 0)) else {
      return #expect(Bool(false))
    }
    #expect(refusal == .notFound(ResourcePath(parsing: "profiles/bob")!))
    let set = try DocumentRequest.read(.set, path: path, json: #"{"visits": 5}"#, time: Timestamp(seconds: 0))
    guard case .success(let replaced) = set.resolve(on: store, auth: nil, time: Timestamp(seconds: 0)) else {
      return #expect(Bool(false))
    }
    #expect(replaced.method == .update)
    #expect(replaced.resourceData == ["visits": .integer(5)])
  }
}
