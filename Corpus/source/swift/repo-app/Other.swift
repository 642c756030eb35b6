import FirebaseFirestore

// A query property of another object is found by its name when one declaration has that name
// (`latestQuery`); `feedQuery` is also a property of Repo, so its run is unresolved, never
// guessed, and FeedModel's `feedQuery` (declared `Query`, started from by no listed query) is
// listed where it is built.
// A query Flint cannot see built (a loop variable, another module's property) is unresolved.
final class FeedView {
  let model = FeedModel()
  func load(items: [Query]) async throws {
    _ = try await model.latestQuery.getDocuments()
    _ = try await model.feedQuery.getDocuments()
    for q in items { _ = try await q.getDocuments() }
    _ = try await someGlobal.query.getDocuments()
  }
}

final class FeedModel {
  let latestQuery: Query = Firestore.firestore().collection("feed").order(by: "at", descending: true)
  let feedQuery: Query = Firestore.firestore().collection("feed").whereField("pinned", isEqualTo: true)
}
