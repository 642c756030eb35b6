import FirestoreModel
import Queries
import RulesEngine
import RulesLanguage
import Testing

/// The evaluator around the constraints: functions, `let`, wildcards, role lookups with
/// `get()`, collection groups, error absorption, unsupported operations and limits.
@Suite struct ProofEvaluationTests {
  typealias H = ProofHarness

  static let roles = DocumentStore(documents: [
    Document(path: ResourcePath(segments: ["roles", "alice"]), fields: ["role": .string("admin")]),
    Document(path: ResourcePath(segments: ["roles", "bob"]), fields: ["role": .string("reader")]),
  ])

  @Test("functions and lets with symbolic arguments")
  func functionsAndLets() {
    let rules = H.ruleset(
      """
          function isOwner(data) {
            let uid = request.auth.uid;
            return data.owner == uid;
          }
          match /items/{id} {
            function visible() { return resource.data.visibility == 'public'; }
            allow list: if visible() || isOwner(resource.data);
          }
      """)
    #expect(H.prove(rules, #"collection("items").where("visibility", "==", "public")"#).allowed)
    #expect(H.prove(rules, #"collection("items").where("owner", "==", "alice")"#).allowed)
    let denied = H.prove(rules, #"collection("items")"#)
    #expect(!denied.allowed)
    #expect(Set(denied.suggestions) == [#".where("visibility", "==", "public")"#, #".where("owner", "==", "alice")"#])
  }

  @Test("role lookups with get() on a path built from request.auth work")
  func roleLookup() {
    let rules = H.ruleset(
      """
          match /items/{id} {
            allow list: if get(/databases/$(database)/documents/roles/$(request.auth.uid)).data.role == 'admin';
          }
      """)
    #expect(H.prove(rules, #"collection("items")"#, store: Self.roles).allowed)
    #expect(!H.prove(rules, #"collection("items")"#, auth: Auth(uid: "bob"), store: Self.roles).allowed)
    let missing = H.prove(rules, #"collection("items")"#, auth: Auth(uid: "carol"), store: Self.roles)
    #expect(!missing.allowed)
    #expect(missing.branches[0].attempts[0].outcome.isError)
  }

  @Test("get() of a path that depends on resource is unprovable (emulator: get(constraint))")
  func resourceDependentLookup() {
    let rules = H.ruleset(
      """
          match /items/{id} {
            allow list: if exists(/databases/$(database)/documents/roles/$(resource.data.owner));
          }
      """)
    let proof = H.prove(rules, #"collection("items").where("owner", "==", "alice")"#, store: Self.roles)
    #expect(!proof.allowed)
    #expect(proof.branches[0].attempts[0].obstacles.contains { $0.kind == .unsupported })
  }

  @Test("wildcards bound by the collection path are concrete")
  func collectionWildcards() {
    let rules = H.ruleset(
      """
          match /users/{uid}/posts/{post} {
            allow list: if request.auth.uid == uid;
          }
      """)
    #expect(H.prove(rules, #"collection("users/alice/posts")"#).allowed)
    #expect(!H.prove(rules, #"collection("users/bob/posts")"#).allowed)
  }

  @Test("the document-id wildcard is not known for a query")
  func documentWildcard() {
    let rules = H.ruleset(
      """
          match /users/{uid} {
            allow read: if request.auth.uid == uid;
          }
      """)
    let proof = H.prove(rules, #"collection("users").where(documentId(), "==", "alice")"#)
    #expect(!proof.allowed)
    #expect(proof.branches[0].attempts[0].obstacles.first?.kind == .unknownWildcard)
  }

  @Test("collection groups need a recursive match for every collection with that id")
  func collectionGroups() {
    let recursive = H.ruleset(
      """
          match /{path=**}/posts/{post} {
            allow read: if resource.data.published == true;
          }
      """)
    #expect(H.prove(recursive, #"collectionGroup("posts").where("published", "==", true)"#).allowed)
    #expect(!H.prove(recursive, #"collectionGroup("posts")"#).allowed)
    let nested = H.ruleset(
      """
          match /users/{uid}/posts/{post} {
            allow read: if true;
          }
      """)
    let proof = H.prove(nested, #"collectionGroup("posts")"#)
    #expect(!proof.allowed)
    #expect(proof.matches.isEmpty)
    #expect(proof.notes.first?.contains("collection-group") == true)
    #expect(H.prove(nested, #"collection("users/alice/posts")"#).allowed)
    let v1 = H.ruleset("    match /{document=**} { allow read: if true; }", version: nil)
    #expect(!H.prove(v1, #"collectionGroup("posts")"#).allowed)
    #expect(H.prove(v1, #"collection("posts")"#).allowed)
    let v2 = H.ruleset("    match /{document=**} { allow read: if true; }")
    #expect(H.prove(v2, #"collectionGroup("posts")"#).allowed)
    let usesPath = H.ruleset("    match /{path=**}/posts/{post} { allow read: if path != null; }")
    #expect(!H.prove(usesPath, #"collectionGroup("posts")"#).allowed)
  }

  @Test("&& and || absorb errors and unknowns as §6.5 says; only true grants")
  func absorption() {
    #expect(H.allowed("resource.data.x > 5 || true", #"collection("items")"#))
    #expect(!H.allowed("resource.data.x > 5 && true", #"collection("items")"#))
    #expect(
      H.allowed("request.auth.token.missing == 1 || resource.data.x == 1", #"collection("items").where("x", "==", 1)"#))
    #expect(
      !H.allowed("request.auth.token.missing == 1 && resource.data.x == 1", #"collection("items").where("x", "==", 1)"#)
    )
    #expect(
      H.allowed("!(resource.data.x == 1 && request.auth.token.missing)", #"collection("items").where("x", "==", 2)"#))
    #expect(H.allowed("resource.data.x == 1 ? true : false", #"collection("items").where("x", "==", 1)"#))
    #expect(!H.allowed("resource.data.x == 1 ? true : false", #"collection("items")"#))
    #expect(!H.allowed("1", #"collection("items")"#))
  }

  @Test("anything but comparisons on the document is unprovable")
  func unsupportedOperations() {
    let query = #"collection("items").where("x", "==", 6).where("name", "==", "abc")"#
    for rule in [
      "resource.data.x + 1 > 6", "resource.data.x is int", "resource.data.name.size() == 3",
      "resource.data.keys().hasAll(['x'])", "resource.data.x == resource.data.y", "int(resource.data.x) == 6",
      "[resource.data.x] == [6]", "-resource.data.x < 0", "resource.data.name[0:1] == 'a'",
    ] {
      let proof = H.prove(H.items(rule), query)
      #expect(!proof.allowed, "\(rule)")
      #expect(proof.branches[0].attempts[0].obstacles.contains { $0.kind == .unsupported }, "\(rule)")
    }
  }

  @Test("lookup limit: more than 10 distinct get() calls deny the whole query")
  func lookupLimit() {
    let calls = (0..<11).map { "exists(/databases/$(database)/documents/roles/u\($0))" }
    let proof = H.prove(H.items(calls.joined(separator: " || ") + " || true"), #"collection("items")"#)
    #expect(!proof.allowed)
    #expect(proof.limitBreach?.contains("10") == true)
  }

  @Test("the explanation names the allow, the predicate and the fix")
  func explanationText() {
    let rules = H.items("resource.data.owner == request.auth.uid")
    let proof = H.prove(rules, #"collection("items").limit(5)"#)
    let text = proof.explanation(source: rules.source)
    #expect(text.hasPrefix("DENY list /databases/(default)/documents/items\n"))
    #expect(text.contains("branch 1 of 1: no filters — denied"))
    #expect(text.contains("L5 allow list: unprovable from the query"))
    #expect(text.contains("^~~~"))
    #expect(text.contains(#"suggested fix: add .where("owner", "==", auth.uid)"#))
    let json = ProofRenderer.jsonText(proof, source: rules.source)
    #expect(json.hasPrefix(#"{"decision": "deny", "request": "list /databases/(default)/documents/items""#))
    #expect(json.contains(#""kind": "unconstrained""#))
    #expect(json.contains(#""start": {"line": 5, "column": 22}"#))
  }
}
