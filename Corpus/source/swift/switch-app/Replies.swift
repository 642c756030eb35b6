import FirebaseFirestore

/// Collection ids chosen at run time: a ternary on a parameter with a default, in a reference
/// helper, picks the parent collection and the subcollection; each choice is one variant.
final class Replies {
  private let postReplies = "post_replies"
  private let pollReplies = "poll_replies"
  private let db = Firestore.firestore()

  private func replies(boardId: String, parentId: String, onPost: Bool = true) -> CollectionReference {
    db.collection("boards")
      .document(boardId)
      .collection(onPost ? "posts" : "polls")
      .document(parentId)
      .collection(onPost ? postReplies : pollReplies)
  }

  func latest(boardId: String, parentId: String, onPost: Bool = true) async throws {
    let query = replies(boardId: boardId, parentId: parentId, onPost: onPost)
      .order(by: "postedAt", descending: true)
    _ = try await query.getDocuments()
  }

  // The document id as an implicit member of the `FieldPath` overload.
  func members(_ ids: [String]) async throws {
    _ = try await db.collection("members").whereField(.documentID(), in: ids).getDocuments()
  }

  // A string chosen by a ternary is not a field Flint can name: unresolved, never guessed.
  func sorted(byName: Bool) async throws {
    _ = try await db.collection("members").order(by: byName ? "name" : "joinedAt").getDocuments()
  }
}
