import FirebaseFirestore

final class FeedStore {
  private let db = Firestore.firestore()

  // A helper returning a query: inlined at every call.
  func postsBy(_ uid: String) -> Query {
    db.collection(postsCollection).whereField(Fields.author, isEqualTo: uid)
  }

  func recent() async throws -> QuerySnapshot {
    try await db.collection(postsCollection)
      .whereField("published", isEqualTo: true)
      .order(by: Fields.createdAt, descending: true)
      .limit(to: 20)
      .getDocuments()
  }

  func mine(uid: String) async throws {
    let snapshot = try await postsBy(uid).order(by: "createdAt").getDocuments()
    _ = snapshot
  }

  // One query refined across statements: one variant per reachable combination.
  func search(mine: Bool, uid: String, tag: String?) {
    var q: Query = db.collection("posts")
    if mine {
      q = q.whereField("author", isEqualTo: uid)
    }
    if let tag {
      q = q.whereField("tags", arrayContains: tag)
    }
    q = q.order(by: "createdAt", descending: true)
    q.addSnapshotListener { snapshot, error in
      _ = snapshot
    }
  }

  func comments(postID: String) async throws {
    _ = try await db.collection(Collection.users.rawValue).document(postID)
      .collection(Collection.comments.rawValue)
      .whereField(FieldPath(["meta", "visible"]), isEqualTo: true)
      .whereField("score", isGreaterThan: 3)
      .getDocuments()
  }

  func everywhere() async throws {
    let count = try await db.collectionGroup("post_comments")
      .whereFilter(Filter.orFilter([
        Filter.whereField("flagged", isEqualTo: true),
        Filter.whereField("reports", isGreaterThanOrEqualTo: 5),
      ]))
      .count
      .getAggregation(source: .server)
    _ = count
  }

  func statuses() async throws {
    _ = try await db.collection("orders")
      .whereField("status", in: ["open", "paid"])
      .whereField(FieldPath.documentID(), isNotEqualTo: "draft")
      .limit(toLast: 5)
      .order(by: "total")
      .aggregate([AggregateField.sum("total"), AggregateField.average("total")])
      .getAggregation(source: .server)
  }

  // Returned to code outside the module (never called here): reported where it is returned.
  func inboxQuery(for uid: String) -> Query {
    db.collection("inbox").whereField("to", isEqualTo: uid).order(by: "at", descending: true)
  }

  // Not resolvable statically: the field comes from the caller.
  func filtered(by field: String, value: String) async throws {
    _ = try await db.collection("posts").whereField(field, isEqualTo: value).getDocuments()
  }
}
