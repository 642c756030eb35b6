import FirestoreModel
import RulesLanguage
import Testing

@testable import RulesEngine

/// Explanations that must be true of the request they explain: the allow that granted an
/// unexpected ALLOW, what was null and why, a `get()` of a document the batch creates, and the
/// closest `match` when none matches.
@Suite struct GrantAndNoteExplanationTests {
  static let rules = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        function isOwner(uid) {
          return request.auth != null && request.auth.uid == uid;
        }
        match /users/{uid} {
          allow read: if isOwner(uid) || resource.data.public == true;
        }
        match /notes/{id} {
          allow get: if request.auth.uid == resource.data.owner;
        }
        match /rooms/{roomId} {
          allow create: if request.auth != null;
          match /messages/{msgId} {
            allow create: if get(/databases/$(database)/documents/rooms/$(roomId)).data.owner == request.auth.uid;
          }
        }
        match /room/{roomId}/posts/{postId} {
          allow read: if true;
        }
        match /open/{id} {
          allow get;
        }
        match /logs/{id} {
          allow create: if resource.data.locked == false;
        }
        match /shared/{id} {
          allow get: if request.auth != null;
          allow read: if get(/databases/$(database)/documents/users/carol).data.public == true;
          allow get: if false;
        }
      }
    }
    """

  static let ruleset = makeRuleset(rules)
  static let store = DocumentStore(documents: [
    Document(path: path("users/alice"), fields: ["public": .boolean(false)]),
    Document(path: path("users/carol"), fields: ["public": .boolean(true)]),
  ])
  static let evaluator = Evaluator(ruleset: ruleset, options: EvaluationOptions(traceLevel: .full))

  static func explain(_ request: Request) -> String {
    let decision = evaluator.evaluate(request, store: store)
    return ShortExplanation.render(
      decision, source: ruleset.source, signedOutHint: "sign in", dataName: "the case's data")
  }

  @Test func anAllowNamesTheStatementItsMatchAndTheValuesThatMadeItTrue() {
    let text = Self.explain(.get(path("users/alice"), auth: Auth(uid: "alice")))
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count <= 6)
    #expect(lines[0] == "ALLOW get /databases/(default)/documents/users/alice")
    #expect(lines[1] == "  granted by test.rules:8: allow read: if isOwner(uid) || resource.data.public == true")
    #expect(lines[2] == "    in match /databases/{database}/documents/users/{uid} (uid = 'alice')")
    // Through the function body; only the side of `||` that was true.
    #expect(
      lines.contains("    in isOwner(): request.auth.uid == uid → true (request.auth.uid = 'alice', uid = 'alice')"))
    #expect(!lines.contains { $0.hasPrefix("    resource.data.public") })
  }

  @Test func theTrueSideOfAnOrIsTheOneNamed() {
    let text = Self.explain(.get(path("users/carol"), auth: Auth(uid: "bob")))
    #expect(text.contains("  resource.data.public == true → true (resource.data.public = true)\n"))
    #expect(!text.contains("isOwner():"))
  }

  @Test func everyAllowThatGrantsIsNamedNotOnlyTheFirst() {
    let decision = Self.evaluator.evaluate(.get(path("shared/s1"), auth: Auth(uid: "bob")), store: Self.store)
    #expect(decision.allowed)
    // The decision is the first grant's: the later evaluation charges no lookup.
    #expect(decision.lookups.isEmpty)
    #expect(decision.trace.lookups.isEmpty)
    #expect(decision.trace.allows.map(\.outcome) == [.granted, .notEvaluated, .notEvaluated])
    #expect(decision.trace.allows.map { $0.alsoGrants != nil } == [false, true, false])
    let text = ShortExplanation.render(decision, source: Self.ruleset.source)
    #expect(text.contains("  granted by test.rules:29: allow get: if request.auth != null\n"))
    #expect(
      text.contains(
        "  also grants (evaluated after the first): test.rules:30: allow read: if get(/databases/$(database)/documents/users/carol).data.publ…\n"
      ))
    #expect(!text.contains("test.rules:31"))
    #expect(TraceJSONRenderer.render(decision, source: Self.ruleset.source).contains(#""alsoGrants": {"expression""#))
    // Without full tracing nothing more is evaluated.
    let quick = Evaluator(ruleset: Self.ruleset, options: EvaluationOptions(traceLevel: .outcomes))
      .evaluate(.get(path("shared/s1"), auth: Auth(uid: "bob")), store: Self.store)
    #expect(quick.trace.allows.allSatisfy { $0.alsoGrants == nil })
  }

  @Test func anAllowWithoutConditionSaysSo() {
    let text = Self.explain(.get(path("open/x")))
    #expect(text.contains("  granted by test.rules:23: allow get (no condition)\n"))
  }

  @Test func aMissingDocumentIsNotASignedOutRequest() {
    let text = Self.explain(.get(path("notes/zed"), auth: Auth(uid: "bob")))
    #expect(!text.contains("signed out"))
    #expect(!text.contains("sign in"))
    #expect(text.contains("where resource = null"))
    #expect(text.contains("note: resource is null: notes/zed does not exist in the case's data\n"))
  }

  @Test func aCreateHasNoResource() {
    let text = Self.explain(.create(path("logs/l1"), data: ["a": .integer(1)], auth: Auth(uid: "bob")))
    #expect(
      text.contains(
        "note: resource is null: logs/l1 does not exist before this create (the new document is request.resource)\n"))
    #expect(!text.contains("signed out"))
  }

  @Test func aSignedOutRequestStillSaysSo() {
    let text = Self.explain(.get(path("notes/zed")))
    #expect(text.contains("note: request.auth is null: the request is signed out\n  sign in\n"))
  }

  @Test func aGetOfADocumentTheBatchCreatesSaysWhichStateGetReads() {
    let batch = Self.evaluator.evaluate(
      batch: [
        .create(path("rooms/r1"), data: ["owner": .string("bob")], auth: Auth(uid: "bob")),
        .create(path("rooms/r1/messages/m1"), data: ["text": .string("hi")], auth: Auth(uid: "bob")),
      ], store: Self.store)
    #expect(!batch.allowed)
    let text = ShortExplanation.render(batch.decisions[1], source: Self.ruleset.source, batch: batch.decisions)
    #expect(!text.contains("path_value"))
    #expect(
      text.contains(
        "error: Service call error. Function: [get], Argument: [/databases/(default)/documents/rooms/r1]: the document does not exist."
      ))
    let notes = text.split(separator: "\n").filter { $0.hasPrefix("  note: ") }
    #expect(
      notes == [
        "  note: get() found no document at /rooms/r1: get() reads the database as it was before the batch, and write 1 of the batch creates it; getAfter() reads the state after the batch"
      ])
  }

  @Test func noMatchingBlockNamesTheClosestAndTheSegmentThatDiffers() {
    let decision = Self.evaluator.evaluate(.get(path("rooms/r1/posts/p1")), store: Self.store)
    #expect(!decision.allowed)
    #expect(decision.trace.nearestMatch?.pattern == "/databases/{database}/documents/room/{roomId}/posts/{postId}")
    let text = ShortExplanation.render(decision, source: Self.ruleset.source)
    #expect(
      text.contains(
        "note: no match block matches this path; the closest is match /databases/{database}/documents/room/{roomId}/posts/{postId} (line 19): 'room' in the pattern, 'rooms' in the request"
      ))
    #expect(TraceTextRenderer.render(decision, source: Self.ruleset.source).contains("closest is match"))
    #expect(TraceJSONRenderer.render(decision, source: Self.ruleset.source).contains(#""nearestMatch": {"pattern": "#))
    // Ties in segments go to the closest spelling, not to the first block: `note` is nearer
    // `notes` than `users`, although both differ in one segment.
    let tie = Self.evaluator.evaluate(.get(path("note/n1")), store: Self.store)
    #expect(tie.trace.nearestMatch?.pattern == "/databases/{database}/documents/notes/{id}")
    // Far from every block (three edits or more): no guess.
    let far = Self.evaluator.evaluate(.get(path("a/b/c/d/e/f")), store: Self.store)
    #expect(far.trace.nearestMatch == nil)
    // A missing segment is named as a count.
    let short = Self.evaluator.evaluate(.get(path("room/r1/posts/p1/x/y")), store: Self.store)
    #expect(
      short.trace.nearestMatch?.differences == ["the pattern has 4 segments after /documents, the request path 6"])
  }
}
