import FirestoreModel
import FlintKit
import RulesEngine
import Testing

/// Suite requests that model what apps send: `update` with only the changed fields, `set`
/// with `merge`/`mergeFields`, and field transforms.
@Suite struct PartialWriteSuiteTests {
  static let rules = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        match /users/{uid} {
          allow create: if request.resource.data.keys().hasOnly(['name', 'visits']);
          allow update: if request.resource.data.diff(resource.data).affectedKeys().hasOnly(['visits', 'seen'])
            && request.resource.data.name == resource.data.name;
        }
      }
    }

    """

  static func load(_ cases: String) throws -> RuleSuite {
    let suite = """
      {"rules": "firestore.rules", "time": "2024-05-01T00:00:00Z",
       "data": {"users/alice": {"name": "Alice", "visits": 1}}, "cases": [\(cases)]}
      """
    return try MemoryFiles(["suite.json": suite, "firestore.rules": rules]).load()
  }

  static func verdicts(_ cases: String) throws -> [String] {
    SuiteRunner().run(try load(cases)).cases.map { "\($0.name): \($0.actual.rawValue)" }
  }

  @Test func updateWithOnlyTheChangedFieldsSeesTheMergedDocument() throws {
    let verdicts = try Self.verdicts(
      """
      {"name": "increment", "request": {"path": "users/alice", "update": {"visits": {"__increment__": 1}}}, "expect": "allow"},
      {"name": "server time", "request": {"path": "users/alice", "update": {"seen": {"__server_timestamp__": true}}}, "expect": "allow"},
      {"name": "rename", "request": {"path": "users/alice", "update": {"name": "Eve"}}, "expect": "deny"},
      {"name": "delete name", "request": {"path": "users/alice", "update": {"name": {"__delete__": true}}}, "expect": "deny"}
      """)
    #expect(verdicts == ["increment: allow", "server time: allow", "rename: deny", "delete name: deny"])
    let suite = try Self.load(
      #"{"name": "x", "request": {"path": "users/alice", "update": {"visits": {"__increment__": 2}}}, "expect": "allow"}"#
    )
    guard case .single(let request) = suite.cases[0].action else { return #expect(Bool(false)) }
    #expect(request.request.method == .update)
    #expect(request.request.resourceData == ["name": .string("Alice"), "visits": .integer(3)])
  }

  @Test func setIsACreateOrAnUpdateByWhetherTheDocumentExists() throws {
    let verdicts = try Self.verdicts(
      """
      {"name": "set merge on alice", "request": {"path": "users/alice", "set": {"visits": 5}, "merge": true}, "expect": "allow"},
      {"name": "plain set on alice drops name", "request": {"path": "users/alice", "set": {"visits": 5}}, "expect": "deny"},
      {"name": "set on bob creates", "request": {"path": "users/bob", "set": {"name": "Bob", "visits": {"__increment__": 1}}}, "expect": "allow"},
      {"name": "mergeFields", "request": {"path": "users/alice", "set": {"visits": 7, "name": "Eve"}, "mergeFields": ["visits"]}, "expect": "allow"}
      """)
    #expect(
      verdicts == [
        "set merge on alice: allow", "plain set on alice drops name: deny", "set on bob creates: allow",
        "mergeFields: allow",
      ])
  }

  @Test func aPartialWriteInABatchSeesTheBatchsEarlierWrites() throws {
    let suite = try Self.load(
      """
      {"name": "create then bump", "batch": [
        {"path": "users/bob", "auth": {"uid": "bob"}, "set": {"name": "Bob", "visits": 0}},
        {"path": "users/bob", "auth": {"uid": "bob"}, "update": {"visits": {"__increment__": 1}}}],
       "expect": "deny"}
      """)
    guard case .batch(let requests) = suite.cases[0].action else { return #expect(Bool(false)) }
    #expect(requests.map(\.request.method) == [.create, .update])
    #expect(requests[1].request.resourceData == ["name": .string("Bob"), "visits": .integer(1)])
  }

  @Test func mistakesAreSuiteErrors() {
    func error(_ request: String) -> String {
      let suite = """
        {"rules": "firestore.rules", "data": {"users/alice": {"name": "Alice"}},
         "cases": [{"name": "c", "request": \(request), "expect": "allow"}]}
        """
      return MemoryFiles(["suite.json": suite, "firestore.rules": Self.rules]).error()?.description ?? "loaded"
    }
    #expect(
      error(#"{"path": "users/alice", "method": "create", "update": {"a": 1}}"#).contains(
        "\"update\" changes a stored document"))
    #expect(error(#"{"path": "users/alice", "method": "create", "set": {"a": 1}}"#).contains("this write is an update"))
    #expect(error(#"{"path": "users/alice", "set": {"a": {"__delete__": true}}}"#).contains("needs merge: true"))
    #expect(error(#"{"path": "users/alice", "update": {"a..b": 1}}"#).contains("is not a field path"))
    // An update of a missing document is not a mistake in the suite: its verdict is not-found.
    #expect(error(#"{"path": "users/bob", "update": {"a": 1}}"#) == "loaded")
    #expect(error(#"{"path": "users/alice", "set": {"a": 1}, "mergeFields": ["b"]}"#).contains("not in set"))
  }
}
