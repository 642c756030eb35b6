import Flint
import FlintTesting
import Foundation
import Testing

/// The sample Bookclub rules (firestore.rules) on the seed documents in data.json.
@Suite struct BookclubRulesTests {
  let rules: FirestoreRules
  let data: Documents

  init() throws {
    rules = try FirestoreRules(contentsOf: Bundle.module.url(forResource: "firestore", withExtension: "rules")!)
    data = try Documents(contentsOf: Bundle.module.url(forResource: "data", withExtension: "json")!)
  }

  @Test func profilesArePublic() throws {
    #expect(try rules.allows(.get("/users/alice"), data: data))
  }

  @Test func aliceEditsHerBio() throws {
    // An update sends only the changed fields, as updateData does; the rules see them merged.
    try rules.expectAllowed(.update("/users/alice", fields: #"{"bio": "Reads a lot"}"#, as: .user("alice")), data: data)
  }

  @Test func bobCannotEditAlice() throws {
    try rules.expectDenied(.update("/users/alice", fields: #"{"bio": "hacked"}"#, as: .user("bob")), data: data)
  }

  @Test func aDisplayNameNeedsTwoCharacters() throws {
    let decision = try rules.evaluate(
      .update("/users/alice", fields: #"{"displayName": "A"}"#, as: .user("alice")), data: data)
    // The description is the explanation `flint test` prints: the line, the carets, the values.
    #expect(!decision.allowed, "\(decision)")
    #expect(decision.description.contains("data.displayName.size() >= 2"))
  }

  @Test func moderatorsUpdateAnyClub() throws {
    try rules.expectAllowed(
      .update("/clubs/scifi", fields: #"{"name": "Far Futures!"}"#, as: .user("mod", claims: ["moderator": true])),
      data: data)
  }

  @Test func membersCreatePostsAtRequestTime() throws {
    let post = #"{"author": "bob", "title": "Dombey", "createdAt": {"__timestamp__": "2024-05-01T12:00:00Z"}}"#
    try rules.expectAllowed(
      .create("/clubs/dickens/posts/p2", data: post, as: .user("bob")).at("2024-05-01T12:00:00Z"), data: data)
  }

  @Test func publicClubsByName() throws {
    // Rules are not filters: listing every club is denied, the public ones are allowed.
    try rules.expectDenied(.list(#"collection("clubs").orderBy("name")"#, as: .user("alice")), data: data)
    let check = try rules.query(
      #"collection("clubs").where("visibility", "==", "public").orderBy("name")"#, as: .user("alice"), data: data)
    #expect(check.isValid && check.allowed, "\(check)")
    #expect(check.indexRequirement?.kind == .composite)
    #expect(check.indexRequirement?.indexes == ["clubs (visibility ASC, name ASC, __name__ ASC)"])
  }

  @Test func reviewsAreReadableEverywhere() throws {
    // A collection-group query: every reviews collection, at any depth.
    #expect(try rules.allows(.list(#"collectionGroup("reviews").where("rating", ">=", 4)"#), data: data))
  }
}
