import FirestoreModel
import RulesLanguage
import Testing

@testable import RulesEngine

/// Cloud Storage requests through the engine: `request.path`, `request.resource` and
/// `resource` from the service's model, the 2-document lookup budget, and the readings Flint
/// evaluates where the sources are open (Docs/fidelity/storage.md), which only ever deny.
@Suite struct StorageEvaluationTests {
  private func evaluator(_ body: String, version: String = "rules_version = '2';") throws -> Evaluator {
    let text = "\(version)\nservice firebase.storage { match /b/{bucket}/o { \(body) } }"
    let compiled = Ruleset.compile(SourceFile(name: "storage.rules", text: text))
    return Evaluator(ruleset: try #require(compiled.ruleset, "\(compiled.diagnostics)"))
  }

  private func request(
    _ method: RequestMethod, _ name: String, uid: String? = "al", object: [String: Value]? = nil
  ) -> Request {
    Request(
      method: method,
      path: ResourcePath(
        segments: name.isEmpty ? [] : name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)),
      database: "b1", auth: uid.map { Auth(uid: $0) }, resourceData: object)
  }

  @Test func requestPathStartsWithTheBucket() throws {
    let rules = try evaluator(
      "match /{all=**} { allow get: if request.path == /b/b1/o/a/x.png && request.path[1] == 'b1'; }")
    #expect(rules.evaluate(request(.get, "a/x.png"), objects: ObjectStore()).allowed)
    #expect(!rules.evaluate(request(.get, "a/y.png"), objects: ObjectStore()).allowed)
  }

  @Test func theUploadAndTheStoredObject() throws {
    let rules = try evaluator(
      """
      match /f/{name} {
        allow create: if request.resource.size == 3 && request.resource.name == 'f/' + name
          && request.resource.bucket == 'b1' && request.resource.contentType == 'application/octet-stream';
        allow get: if resource.size == 7 && resource.generation == 1;
        allow delete: if request.resource == null && resource != null;
      }
      """)
    let stored = ObjectStore(["f/s": ["size": .integer(7)]])
    #expect(rules.evaluate(request(.create, "f/n", object: ["size": .integer(3)]), objects: stored).allowed)
    #expect(!rules.evaluate(request(.create, "f/n", object: ["size": .integer(4)]), objects: stored).allowed)
    #expect(rules.evaluate(request(.get, "f/s"), objects: stored).allowed)
    #expect(!rules.evaluate(request(.get, "f/missing"), objects: stored).allowed)
    #expect(rules.evaluate(request(.delete, "f/s"), objects: stored).allowed)
    #expect(!rules.evaluate(request(.delete, "f/missing"), objects: stored).allowed)
  }

  /// Firestore's names are not Storage's: an object has no `data`, and unprefixed `get()` fails.
  @Test func firestoreNamesFailInStorage() throws {
    let rules = try evaluator(
      """
      match /a/{name} { allow create: if request.resource.data.size() >= 0; }
      match /b/{name} { allow get: if get(/databases/(default)/documents/u/al) != null; }
      """)
    #expect(!rules.evaluate(request(.create, "a/x", object: [:]), objects: ObjectStore()).allowed)
    let documents = DocumentStore(documents: [Document(path: ResourcePath(segments: ["u", "al"]), fields: [:])])
    #expect(!rules.evaluate(request(.get, "b/x"), objects: ObjectStore(), documents: documents).allowed)
  }

  @Test func lookupsReadTheDefaultDatabaseAndAtMostTwoDocuments() throws {
    let rules = try evaluator(
      """
      match /two/{name} { allow get: if firestore.exists(/databases/(default)/documents/u/a)
        && firestore.get(/databases/(default)/documents/u/b).data.ok; }
      match /three/{name} { allow get: if firestore.exists(/databases/(default)/documents/u/a)
        && firestore.exists(/databases/(default)/documents/u/b) && !firestore.exists(/databases/(default)/documents/u/c); }
      match /named/{name} { allow get: if !firestore.exists(/databases/other/documents/u/c); }
      """)
    let documents = DocumentStore(documents: [
      Document(path: ResourcePath(segments: ["u", "a"]), fields: [:]),
      Document(path: ResourcePath(segments: ["u", "b"]), fields: ["ok": .boolean(true)]),
    ])
    #expect(rules.evaluate(request(.get, "two/x"), objects: ObjectStore(), documents: documents).allowed)
    let three = rules.evaluate(request(.get, "three/x"), objects: ObjectStore(), documents: documents)
    #expect(!three.allowed)
    #expect(three.trace.limitBreach?.contains("2 get/exists") == true)
    #expect(!rules.evaluate(request(.get, "named/x"), objects: ObjectStore(), documents: documents).allowed)
  }

  /// Where the sources are open, a request is allowed only if every reading allows it.
  @Test func openPointsOnlyDeny() throws {
    let rules = try evaluator(
      """
      match /m/{name} { allow create: if request.method == 'create'; }
      match /c/{name} { allow get: if resource.cacheControl == null; }
      match /v/{name} { allow create: if true; }
      """)
    let method = rules.evaluate(request(.create, "m/x", object: [:]), objects: ObjectStore())
    #expect(!method.allowed)
    #expect(method.trace.unsettled?.contains("F5") == true)
    let unset = rules.evaluate(request(.get, "c/x"), objects: ObjectStore(["c/x": [:]]))
    #expect(!unset.allowed)
    #expect(unset.trace.unsettled?.contains("F6") == true)
    #expect(rules.evaluate(request(.get, "c/x"), objects: ObjectStore(["c/x": ["cacheControl": .null]])).allowed)
    #expect(rules.evaluate(request(.create, "v/x", object: [:]), objects: ObjectStore()).allowed)
  }

  /// A metadata update of an object that does not exist fails before anything is written.
  @Test func updatingAMissingObjectIsNeverAllowed() throws {
    let rules = try evaluator("match /u/{name} { allow update; }")
    #expect(rules.evaluate(request(.update, "u/x", object: [:]), objects: ObjectStore(["u/x": [:]])).allowed)
    let missing = rules.evaluate(request(.update, "u/y", object: [:]), objects: ObjectStore(["u/x": [:]]))
    #expect(!missing.allowed)
    #expect(missing.trace.requestProblem?.contains("404") == true)
  }

  @Test func listNeedsVersion2AndAFolder() throws {
    let v2 = try evaluator("match /p/{rest=**} { allow list; }")
    #expect(v2.evaluate(request(.list, "p"), objects: ObjectStore()).allowed)
    #expect(v2.evaluate(request(.list, "p/q"), objects: ObjectStore()).allowed)
    let v1 = try evaluator("match /p/{rest=**} { allow list; }", version: "")
    let denied = v1.evaluate(request(.list, "p/q"), objects: ObjectStore())
    #expect(!denied.allowed)
    #expect(denied.trace.requestProblem?.contains("rules_version = '2'") == true)
  }

  @Test func namesStorageRefusesAreNeverEvaluated() throws {
    let rules = try evaluator("match /{all=**} { allow read, write; }")
    for name in ["a//b", ".", String(repeating: "x", count: 1025), "a\nb"] {
      let decision = rules.evaluate(request(.get, name), objects: ObjectStore())
      #expect(!decision.allowed, "\(name.prefix(10))")
      #expect(decision.trace.requestProblem != nil)
    }
    #expect(!rules.evaluate(request(.get, ""), objects: ObjectStore()).allowed)
  }
}
