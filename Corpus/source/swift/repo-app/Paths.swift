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
