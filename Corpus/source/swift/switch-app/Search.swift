import FirebaseFirestore

enum Sort { case newest, popular, mine(String) }

/// Queries built across statements: each reachable combination is one variant of a group.
final class Search {
  let db = Firestore.firestore()

  // Declared, then assigned in every case of a switch (one case leaves).
  func bySort(_ sort: Sort) async throws {
    let q: Query
    switch sort {
    case .newest:
      q = db.collection("posts").order(by: "createdAt", descending: true)
    case .popular:
      q = db.collection("posts").order(by: "likes", descending: true).limit(to: 10)
    case .mine(let uid):
      guard !uid.isEmpty else { return }
      q = db.collection("posts").whereField("author", isEqualTo: uid)
    }
    _ = try await q.getDocuments()
  }

  // Assigned in if/else; a branch that returns never reaches the run.
  func byStatus(open: Bool?, uid: String) {
    var query: Query
    if open == true {
      query = db.collection("tickets").whereField("open", isEqualTo: true)
    } else if open == false {
      query = db.collection("tickets").whereField("open", isEqualTo: false)
    } else {
      return
    }
    query = query.whereField("owner", isEqualTo: uid)
    query.addSnapshotListener { _, _ in }
  }

  // A ternary and a guard: the guard's else leaves, so the query after it is the ternary's.
  func byFlag(archived: Bool, limit: Int?) async throws {
    let base = db.collection("notes")
    let q = archived ? base.whereField("archived", isEqualTo: true) : base.order(by: "updatedAt")
    guard let limit else { return }
    _ = try await q.limit(to: limit).getDocuments()
  }

  // A switch expression (Swift 5.9) gives the query directly.
  func bySwitchExpression(_ sort: Sort) async throws {
    let q: Query =
      switch sort {
      case .newest: db.collection("events").order(by: "at", descending: true)
      default: db.collection("events").order(by: "at")
      }
    _ = try await q.getDocuments()
  }
}
