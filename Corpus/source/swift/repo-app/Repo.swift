import FirebaseFirestore

final class Repo {
  let postsRef = Firestore.firestore().collection("posts")
  var feedQuery: Query {
    postsRef.whereField("visible", isEqualTo: true).order(by: "at")
  }

  func a(kind: Kind) {
    var q: Query = postsRef
    switch kind {
    case .mine: q = q.whereField("owner", isEqualTo: 1)
    case .all: break
    }
    q.getDocuments { snapshot, error in
      self.postsRef.whereField("x", isLessThan: 3).addSnapshotListener(includeMetadataChanges: true) { _, _ in }
    }
  }

  func b() async throws {
    _ = try await feedQuery.limit(to: 5).getDocuments()
    guard let uid = Auth.auth().currentUser?.uid else { return }
    let ref = Firestore.firestore().collection("users").document(uid).collection("notes")
    let q = uid.isEmpty ? ref.whereField("a", isEqualTo: 1) : ref.whereField("b", isEqualTo: 2)
    _ = try await q.getDocuments()
    _ = try await db.collection("c").whereField("d", in: ids).getDocuments(source: .server)
  }
}
