import FirebaseFirestore

/// Collection references held in properties and refined in methods.
final class BooksStore {
  private let db = Firestore.firestore()
  private let booksRef: CollectionReference
  private lazy var reviewsRef = db.collection("reviews")
  private let shelf: DocumentReference

  init(shelfID: String) {
    booksRef = db.collection("books")
    shelf = db.collection("shelves").document(shelfID)
  }

  func byAuthor(_ author: String) async throws {
    _ = try await booksRef.whereField("author", isEqualTo: author).order(by: "year").getDocuments()
  }

  func recentReviews(book: String) {
    reviewsRef.whereField("book", isEqualTo: book).order(by: "at", descending: true).addSnapshotListener { _, _ in }
  }

  // A document reference held in a property: its subcollection's queries are the subcollection's.
  func onShelf() async throws {
    _ = try await shelf.collection("items").whereField("read", isEqualTo: false).getDocuments()
  }

  // A Firestore held by another object, declared with its type and set elsewhere.
  func mirrored(using service: Service) async throws {
    _ = try await service.database.collection("mirror").whereField("copy", isEqualTo: true).getDocuments()
  }
}

final class Service {
  let database: Firestore

  init(database: Firestore) { self.database = database }

  // A Query property whose value is set elsewhere: its runs are real queries, unresolved.
  var pending: Query?

  func runPending() async throws {
    _ = try await pending?.whereField("x", isEqualTo: 1).getDocuments()
  }
}
