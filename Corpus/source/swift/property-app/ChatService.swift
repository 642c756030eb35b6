import FirebaseFirestore

protocol ChatServing {
  var inboxQuery: Query { get }
}

/// Queries held in properties declared `Query`: one the app reads through a protocol and hands
/// to a generic pager Flint does not follow, and one nothing reads, are listed where they are
/// built; one Flint sees run is listed where it runs, once; a reference is no query.
final class ChatService: ChatServing {
  lazy var db: Firestore = Firestore.firestore()

  lazy var inboxQuery: Query = {
    return db.collection("threads").whereField("members", arrayContains: "me").order(by: "updatedAt", descending: true)
  }()

  lazy var archiveQuery: Query = {
    db.collection("threads").whereField("archived", isEqualTo: true)
  }()

  lazy var draftsQuery: Query = db.collection("drafts").order(by: "savedAt")

  lazy var threadsRef: CollectionReference = db.collection("threads")

  func loadDrafts() async throws {
    _ = try await draftsQuery.limit(to: 20).getDocuments()
  }
}

final class InboxModel {
  let service: ChatServing

  init(service: ChatServing) {
    self.service = service
  }

  func pageQuery() -> Query { service.inboxQuery }
}
