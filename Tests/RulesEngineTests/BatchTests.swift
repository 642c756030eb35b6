import FirestoreModel
import RulesLanguage
import Testing

@testable import RulesEngine

/// Spec §6.2, §6.8: every write evaluated, `getAfter` sees the whole batch, all-or-nothing,
/// 10 lookups per write and 20 per batch.
@Suite struct BatchTests {
  static let ruleset = documentsRuleset(
    """
        match /rooms/{room} {
          allow create: if existsAfter(/databases/$(database)/documents/members/$(room + '_' + request.auth.uid));
          allow delete: if !existsAfter(/databases/$(database)/documents/members/$(room + '_owner'));
        }
        match /members/{id} {
          allow create: if getAfter(/databases/$(database)/documents/rooms/$(id.split('_')[0])).data.open == true;
          allow delete: if true;
        }
        match /heavy/{id} {
          allow create: if \((0..<7).map { "exists(/databases/$(database)/documents/x/$(id + '-\($0)'))" }.joined(separator: " || ")) || true;
        }
    """)
  static let evaluator = Evaluator(ruleset: ruleset)

  @Test func getAfterSeesEveryWriteOfTheBatch() {
    let batch = [
      Request.create(path("rooms/r1"), data: ["open": .boolean(true)], auth: alice),
      Request.create(path("members/r1_alice"), data: [:], auth: alice),
    ]
    let decision = Self.evaluator.evaluate(batch: batch, store: DocumentStore())
    #expect(decision.allowed)
    #expect(decision.decisions.map(\.allowed) == [true, true])
    // Each write alone is denied: the room needs the membership, and the membership the room.
    #expect(!Self.evaluator.evaluate(batch[0], store: DocumentStore()).allowed)
    #expect(!Self.evaluator.evaluate(batch[1], store: DocumentStore()).allowed)
  }

  @Test func theBatchIsAllOrNothing() {
    let batch = [
      Request.create(path("rooms/r1"), data: ["open": .boolean(false)], auth: alice),
      Request.create(path("members/r1_alice"), data: [:], auth: alice),
    ]
    let decision = Self.evaluator.evaluate(batch: batch, store: DocumentStore())
    #expect(!decision.allowed)
    #expect(decision.decisions.map(\.allowed) == [true, false])
  }

  @Test func deletesAreVisibleToExistsAfter() {
    let store = DocumentStore(documents: [
      Document(path: path("rooms/r1"), fields: [:]), Document(path: path("members/r1_owner"), fields: [:]),
    ])
    let alone = Self.evaluator.evaluate(batch: [.delete(path("rooms/r1"))], store: store)
    #expect(!alone.allowed)
    let both = Self.evaluator.evaluate(
      batch: [.delete(path("rooms/r1")), .delete(path("members/r1_owner"))], store: store)
    #expect(both.allowed)
  }

  @Test func resourceIsTheStateBeforeTheBatch() {
    let ruleset = documentsRuleset(
      """
          match /docs/{id} {
            allow update: if resource.data.v == 1 && request.resource.data.v == 2
              && getAfter(/databases/$(database)/documents/docs/$(id)).data.v == 2;
          }
      """)
    let store = DocumentStore(documents: [Document(path: path("docs/a"), fields: ["v": .integer(1)])])
    let decision = Evaluator(ruleset: ruleset).evaluate(
      batch: [.update(path("docs/a"), data: ["v": .integer(2)])], store: store)
    #expect(decision.allowed)
  }

  @Test func theBatchLookupLimitIsTwenty() {
    let two = (0..<2).map { Request.create(path("heavy/h\($0)"), data: [:]) }
    let fine = Self.evaluator.evaluate(batch: two, store: DocumentStore())
    #expect(fine.allowed)
    #expect(fine.lookupCount == 14)
    let three = (0..<3).map { Request.create(path("heavy/h\($0)"), data: [:]) }
    let breached = Self.evaluator.evaluate(batch: three, store: DocumentStore())
    #expect(!breached.allowed)
    #expect(breached.limitBreach == "Exceeded maximum of 20 get/exists calls per batch.")
    #expect(breached.decisions.map(\.allowed) == [true, true, false])
  }

  @Test func anEmptyBatchIsDenied() {
    #expect(!Self.evaluator.evaluate(batch: [], store: DocumentStore()).allowed)
  }
}
