import FirebaseFirestore

// Interpolated paths: computed document ids are fine, a computed collection id or field is not.
func paths(db: Firestore, uid: String, name: String) async throws {
  _ = try await db.collection("users/\(uid)/posts").whereField("a", isEqualTo: 1).getDocuments()
  _ = try await db.collection("users/\(uid)/\(name)").getDocuments()
  _ = try await db.collection("users").document("\(uid)").collection("x").whereField("\(name).a", isEqualTo: 1).getDocuments()
  // The SDK refuses a group id with a slash: the DSL pipeline reports it at this place.
  _ = try await db.collectionGroup("a/b").getDocuments()
}

// Implicit members where the SDK expects a Filter or an AggregateField.
func implicit(db: Firestore) async throws {
  _ = try await db.collection("tickets")
    .whereFilter(.orFilter([.whereField("open", isEqualTo: true), .whereField("priority", isGreaterThan: 2)]))
    .aggregate([.count(), .sum("hours")])
    .getAggregation(source: .server)
}

// A generic wrapper runs the query it is handed: the query is reported where it is handed over.
func fetch(_ query: Query) async throws -> QuerySnapshot {
  try await query.getDocuments()
}

func wrapped(db: Firestore) async throws {
  _ = try await fetch(db.collection("logs").whereField("level", isEqualTo: "error").order(by: "at"))
}
