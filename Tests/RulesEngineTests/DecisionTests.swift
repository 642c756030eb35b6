import FirestoreModel
import RulesLanguage
import Testing

@testable import RulesEngine

/// Spec §6.4 and §8.1: combining allows, stopping at the first grant, emulator-style
/// reasons; `list` requests whose conditions need query constraints.
@Suite struct DecisionTests {
  static let ruleset = documentsRuleset(
    """
        match /users/{uid} {
          allow get: if request.auth.uid == uid;
          allow get: if debug('second') == 'second' && request.auth.token.get('admin', false);
          allow list: if request.auth != null && request.query.limit <= 10;
          allow update: if request.auth.uid == uid
            && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['name']);
          allow create: if resource == null && request.resource.data.keys().hasAll(['name']);
          allow delete: if false;
        }
        match /posts/{postId} {
          allow list: if resource.data.published == true;
          allow list: if request.auth != null && request.auth.token.get('admin', false) == true
            || resource.data.author == request.auth.uid;
          allow get: if postId == 'public';
        }
    """)
  static let evaluator = Evaluator(ruleset: ruleset)

  @Test func theFirstGrantingAllowStopsEvaluation() {
    let decision = Self.evaluator.evaluate(.get(path("users/alice"), auth: alice), store: usersStore)
    #expect(decision.allowed)
    #expect(decision.trace.allows.map(\.outcome) == [.granted, .notEvaluated])
    #expect(decision.trace.debugOutputs.isEmpty)
    #expect(decision.grantingLine == 6)
  }

  @Test func laterAllowsStillGrant() {
    let admin = Auth(uid: "carol", claims: ["admin": .boolean(true)])
    let decision = Self.evaluator.evaluate(.get(path("users/alice"), auth: admin), store: usersStore)
    #expect(decision.allowed)
    #expect(decision.trace.allows.map(\.outcome) == [.denied, .granted])
    #expect(decision.trace.debugOutputs.count == 1)
  }

  @Test func deniedRequestsListEveryReason() {
    let decision = Self.evaluator.evaluate(.get(path("users/alice")), store: usersStore)
    #expect(!decision.allowed)
    #expect(decision.message == "Null value error. for 'get' @ L6, Null value error. for 'get' @ L7")
    let delete = Self.evaluator.evaluate(.delete(path("users/alice"), auth: alice), store: usersStore)
    #expect(delete.message == "false for 'delete' @ L12")
    let unmatched = Self.evaluator.evaluate(.get(path("orders/1")), store: usersStore)
    #expect(unmatched.message == "No matching allow statements")
  }

  @Test func writesSeeTheStoredAndTheNewDocument() {
    let rename = Request.update(
      path("users/alice"), data: ["name": .string("Al"), "age": .integer(30), "role": .string("admin")], auth: alice)
    #expect(Self.evaluator.evaluate(rename, store: usersStore).allowed)
    let promote = Request.update(
      path("users/alice"), data: ["name": .string("Alice"), "age": .integer(31), "role": .string("admin")], auth: alice)
    #expect(!Self.evaluator.evaluate(promote, store: usersStore).allowed)
    let create = Request.create(path("users/carol"), data: ["name": .string("Carol")], auth: Auth(uid: "carol"))
    #expect(Self.evaluator.evaluate(create, store: usersStore).allowed)
    let createExisting = Request.create(path("users/alice"), data: ["name": .string("A")], auth: alice)
    #expect(!Self.evaluator.evaluate(createExisting, store: usersStore).allowed)
  }

  @Test func listWithoutResourceIsEvaluatedNormally() {
    let limited = Request.list(path("users"), query: QueryDescription(limit: 5), auth: alice)
    #expect(Self.evaluator.evaluate(limited, store: usersStore).allowed)
    let unlimited = Request.list(path("users"), auth: alice)
    let decision = Self.evaluator.evaluate(unlimited, store: usersStore)
    #expect(!decision.allowed)
    #expect(decision.trace.allows[0].outcome == .error("Property limit is undefined on object."))
  }

  @Test func listConditionsOnResourceNeedQueryConstraints() {
    let decision = Self.evaluator.evaluate(.list(path("posts"), auth: alice), store: DocumentStore())
    #expect(!decision.allowed)
    #expect(
      decision.trace.allows.map(\.outcome) == [
        .needsQueryConstraints(Evaluator.needsQueryMessage), .needsQueryConstraints(Evaluator.needsQueryMessage),
      ])
    #expect(decision.message.hasPrefix("Needs query constraints"))
    #expect(decision.message.hasSuffix("for 'list' @ L15, " + Evaluator.needsQueryMessage + " for 'list' @ L16"))
  }

  @Test func listConditionsTrueWhateverTheDocumentsAreGranted() {
    let admin = Auth(uid: "carol", claims: ["admin": .boolean(true)])
    let decision = Self.evaluator.evaluate(.list(path("posts"), auth: admin), store: DocumentStore())
    #expect(decision.allowed)
    #expect(
      decision.trace.allows.map(\.outcome) == [
        .needsQueryConstraints(Evaluator.needsQueryMessage), .granted,
      ])
  }

  @Test func listDocumentIdWildcardsAreUnknown() {
    let decision = Self.evaluator.evaluate(.list(path("posts")), store: DocumentStore())
    #expect(!decision.allowed)
    #expect(decision.trace.matches.first?.bindings.last?.value == nil)
    let idRules = documentsRuleset("    match /posts/{postId} { allow list: if postId == 'x'; }")
    let idDecision = Evaluator(ruleset: idRules).evaluate(.list(path("posts")), store: DocumentStore())
    #expect(idDecision.trace.allows[0].outcome == .needsQueryConstraints(Evaluator.needsQueryMessage))
  }

  @Test func allowsWithoutConditionsGrant() {
    let ruleset = documentsRuleset("    match /open/{id} { allow read; }")
    let decision = Evaluator(ruleset: ruleset).evaluate(.get(path("open/1")), store: DocumentStore())
    #expect(decision.allowed)
    #expect(decision.trace.allows.map(\.outcome) == [.granted])
  }

  @Test func allowsAreTriedInSourceOrderAcrossBlocks() {
    let ruleset = documentsRuleset(
      """
          match /{document=**} {
            allow get: if debug('outer-first') == '';
            match /a/{id} { allow get: if debug('inner') == ''; }
            allow get: if debug('outer-last') == '';
          }
      """)
    let decision = Evaluator(ruleset: ruleset).evaluate(.get(path("a/1")), store: DocumentStore())
    #expect(
      decision.trace.debugOutputs.map(\.text) == [
        "string_value: \"outer-first\"", "string_value: \"inner\"", "string_value: \"outer-last\"",
      ])
  }

  @Test func authFillsTheStandardClaimsUnlessGiven() {
    let filled = Auth(uid: "u1")
    #expect(filled.token["sub"] == .string("u1"))
    #expect(filled.token["user_id"] == .string("u1"))
    #expect(filled.token["firebase"] == .map(["sign_in_provider": .string("custom"), "identities": .map([:])]))
    let given = Auth(
      uid: "u1", claims: ["firebase": .map(["sign_in_provider": .string("google.com")]), "email": .string("a@b.c")])
    #expect(given.token["firebase"] == .map(["sign_in_provider": .string("google.com"), "identities": .map([:])]))
    #expect(given.token["email"] == .string("a@b.c"))
    #expect(Auth(uid: "u1", fillStandardClaims: false).token.isEmpty)
  }

  @Test func requestMethodsAndAllowGroups() {
    #expect(RequestMethod.get.isGranted(by: .read))
    #expect(RequestMethod.list.isGranted(by: .read))
    #expect(!RequestMethod.list.isGranted(by: .get))
    #expect(RequestMethod.update.isGranted(by: .write))
    #expect(!RequestMethod.update.isGranted(by: .create))
    #expect(!RequestMethod.delete.isGranted(by: .read))
  }

  @Test func compilingRefusesBrokenRules() throws {
    let broken = Ruleset.compile(
      SourceFile(name: "bad.rules", text: "service cloud.firestore { match /a/{b} { allow read: if ; } }"))
    #expect(broken.ruleset == nil)
    #expect(!broken.diagnostics.isEmpty)
    let good = Ruleset.compile(
      SourceFile(
        name: "ok.rules",
        text:
          "rules_version = '2';\nservice cloud.firestore { match /databases/{database}/documents { match /a/{b} { allow read: if b == 'x'; } } }"
      ))
    let ruleset = try #require(good.ruleset)
    #expect(Evaluator(ruleset: ruleset).evaluate(.get(path("a/x")), store: DocumentStore()).allowed)
  }
}
