import Flint
import Foundation
import Testing

@Suite("Flint API")
struct FirestoreRulesTests {
  static let rulesText = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        match /users/{uid} {
          allow get: if true;
          allow create, update: if request.auth.uid == uid && request.resource.data.name.size() >= 2;
          allow delete: if request.auth.token.admin == true;
        }
        match /posts/{id} {
          allow list: if resource.data.owner == request.auth.uid;
        }
      }
    }
    """

  let rules: FirestoreRules
  let data: Documents

  init() throws {
    rules = try FirestoreRules(source: Self.rulesText)
    data = try Documents(json: #"{"users/alice": {"name": "Alice"}, "posts/p1": {"owner": "alice"}}"#)
  }

  @Test func anAllowedGetNamesTheAllowThatGrantedIt() throws {
    let decision = try rules.evaluate(.get("/users/alice"), data: data)
    #expect(decision.allowed)
    #expect(decision.reason.isEmpty)
    // An unexpected allow is the failure that matters: the description says which allow granted.
    #expect(
      decision.description == """
        ALLOW get /databases/(default)/documents/users/alice
          granted by firestore.rules:5: allow get: if true
            in match /databases/{database}/documents/users/{uid} (uid = 'alice')

        """)
  }

  @Test func deniedUpdateIsExplainedAsFlintTestExplainsIt() throws {
    let decision = try rules.evaluate(.update("users/alice", fields: #"{"name": "A"}"#, as: .user("alice")), data: data)
    #expect(!decision.allowed)
    #expect(decision.description.hasPrefix("DENY update /databases/(default)/documents/users/alice\n  reason: "))
    #expect(decision.description.contains("^"))
    #expect(decision.description.contains("where request.resource.data.name.size() = 1"))
    #expect(decision.fullExplanation.count > decision.description.count)
  }

  @Test func updateMergesTheChangedFieldsOntoTheStoredDocument() throws {
    #expect(try rules.allows(.update("users/alice", fields: #"{"bio": "Reads"}"#, as: .user("alice")), data: data))
  }

  @Test func createIsDecidedOnTheWholeDocument() throws {
    #expect(try rules.allows(.create("/users/bob", data: #"{"name": "Bob"}"#, as: .user("bob"))))
    #expect(try !rules.allows(.create("/users/bob", data: #"{"name": "Bob"}"#, as: .user("alice"))))
  }

  @Test func claimsReachTheToken() throws {
    #expect(try rules.allows(.delete("/users/alice", as: .user("root", claims: ["admin": true])), data: data))
    #expect(try !rules.allows(.delete("/users/alice", as: .user("root", claims: ["admin": "yes"])), data: data))
    #expect(try !rules.allows(.delete("/users/alice", as: .anonymous), data: data))
  }

  @Test func signedOutDenialSaysHowToSignIn() throws {
    let decision = try rules.evaluate(.delete("/users/alice"), data: data)
    #expect(!decision.allowed)
    #expect(decision.description.contains("as: .user("))
  }

  @Test func listIsProvedFromTheQueryFilters() throws {
    let mine = try rules.evaluate(.list(#"collection("posts").where("owner", "==", "alice")"#, as: .user("alice")))
    #expect(mine.allowed)
    let all = try rules.evaluate(.list(#"collection("posts")"#, as: .user("alice")), data: data)
    #expect(!all.allowed)
    #expect(all.description.contains("suggested fix"))
  }

  @Test func requestTimeIsGivenWithAt() throws {
    let timed = try FirestoreRules(
      source: """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            match /events/{id} { allow get: if request.time > timestamp.date(2024, 1, 1); }
          }
        }
        """)
    #expect(try !timed.allows(.get("events/e")))
    #expect(try timed.allows(.get("events/e").at("2024-05-01T12:00:00Z")))
  }

  @Test func rulesWithErrorsThrowTheirDiagnostics() {
    #expect {
      _ = try FirestoreRules(source: "service cloud.firestore { match /x { allow read: if ; } }", name: "bad.rules")
    } throws: { error in
      (error as? FlintError)?.message.contains("bad.rules:1:") == true
    }
  }

  /// A file that is not text is refused as `flint check` refuses it, not compiled from its
  /// decodable part (a NUL byte once compiled here).
  @Test func aFileThatIsNotTextIsRefusedAsFlintCheckRefusesIt() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flint-api-\(UUID().uuidString).rules")
    defer { try? FileManager.default.removeItem(at: url) }
    let text = "rules_version = '2';\nservice cloud.firestore { match /databases/{d}/documents { } }\n"
    try Data(Array(text.utf8) + [0] + Array("\n".utf8)).write(to: url)
    #expect {
      _ = try FirestoreRules(contentsOf: url)
    } throws: { error in
      let message = (error as? FlintError)?.message ?? ""
      return message.contains("NUL byte") && message.contains("[source.not-text]")
    }
    try Data(text.utf8).write(to: url)
    #expect(throws: Never.self) { try FirestoreRules(contentsOf: url) }
  }

  @Test func writesFirestoreRefusesAreNotAllowedAndSayHow() throws {
    let missing = try rules.evaluate(.update("users/bob", fields: #"{"name": "Bob"}"#, as: .user("bob")), data: data)
    #expect(!missing.allowed)
    #expect(missing.writeFailure == "NOT_FOUND")
    #expect(missing.reason.contains("NOT_FOUND"))
    let existing = try rules.evaluate(
      .create("users/alice", data: #"{"name": "Alice"}"#, as: .user("alice")), data: data)
    #expect(!existing.allowed)
    #expect(existing.writeFailure == "ALREADY_EXISTS")
    let decided = try rules.evaluate(.create("users/bob", data: #"{"name": "Bob"}"#, as: .user("bob")), data: data)
    #expect(decided.allowed)
    #expect(decided.writeFailure == nil)
  }

  @Test func invalidRequestsThrow() {
    #expect(throws: FlintError.self) { try rules.evaluate(.get("users")) }
    #expect(throws: FlintError.self) { try rules.evaluate(.create("users/x", data: "{not json")) }
    #expect(throws: FlintError.self) { try rules.evaluate(.update("users/nobody", fields: "{}"), data: data) }
    #expect(throws: FlintError.self) { try Documents(json: #"{"users": {}}"#) }
  }

  @Test func queryCheckGivesValidityRulesAndIndex() throws {
    let denied = try rules.query(#"collection("posts").orderBy("at")"#, as: .user("alice"))
    #expect(denied.isValid)
    #expect(!denied.allowed)
    #expect(!denied.suggestions.isEmpty)
    #expect(denied.indexRequirement?.kind == .singleField)

    let composite = try rules.query(
      #"collection("posts").where("owner", "==", auth.uid).orderBy("at", "desc")"#, as: .user("alice"))
    #expect(composite.allowed)
    #expect(composite.indexRequirement?.kind == .composite)
    #expect(composite.indexRequirement?.indexes == ["posts (owner ASC, at DESC, __name__ DESC)"])
    #expect(composite.indexRequirement?.isServed == false)
    #expect(composite.description.contains("index: composite"))

    let invalid = try rules.query(#"collection("posts").where("a", "!=", 1).where("b", "not-in", [2])"#)
    #expect(!invalid.isValid)
    #expect(!invalid.allowed)
    #expect(invalid.error?.contains("'!='") == true)
    #expect(invalid.indexRequirement == nil)

    // A name nothing binds is an unknown value: the SDK accepts the query whatever it holds, but
    // the proof needs it. The Swift API has no --var: its error names the variable without a CLI flag.
    let unbound = try rules.query(#"collection("posts").where("owner", "==", who)"#)
    #expect(unbound.isValid)
    #expect(!unbound.allowed)
    #expect(unbound.error == "no value bound for 'who'")
  }

  @Test func queryIsCheckedAgainstAManifest() throws {
    let manifest = """
      {"indexes": [{"collectionGroup": "posts", "queryScope": "COLLECTION",
        "fields": [{"fieldPath": "owner", "order": "ASCENDING"}, {"fieldPath": "at", "order": "DESCENDING"}]}]}
      """
    let check = try rules.query(
      #"collection("posts").where("owner", "==", auth.uid).orderBy("at", "desc")"#, as: .user("alice"),
      indexes: manifest)
    #expect(check.indexRequirement?.isServed == true)
    #expect(throws: FlintError.self) { try rules.query(#"collection("posts")"#, indexes: "{") }
  }
}
