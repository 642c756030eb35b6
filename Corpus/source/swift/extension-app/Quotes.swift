import FirebaseFirestore

struct QuotesRepository {
  let db = Firestore.firestore()

  func quotes(of book: String) async throws {
    _ = try await db.collection(Keys.quotes).whereBook(book).newestFirst().getDocuments()
  }

  func highlights(of book: String) {
    db.collection(Keys.highlights).visible().whereBook(book).newestFirst(limit: 5)
      .addSnapshotListener { _, _ in }
  }
}
