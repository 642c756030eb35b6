import FirebaseFirestore

// A query property of another object is found by its name; a query Flint cannot see built is unresolved.
final class FeedView {
  let model = FeedModel()
  func load(items: [Query]) async throws {
    _ = try await model.feedQuery.getDocuments()
    for q in items { _ = try await q.getDocuments() }
    _ = try await someGlobal.query.getDocuments()
  }
}
final class FeedModel {
  let feedQuery: Query = Firestore.firestore().collection("feed").order(by: "at", descending: true)
}
