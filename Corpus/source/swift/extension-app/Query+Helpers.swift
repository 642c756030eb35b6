import FirebaseFirestore

// Query helpers written as extension methods, resolved at each call site with the query they are
// called on.
extension Query {
  func whereBook(_ id: String) -> Query {
    whereField(Keys.Fields.book, isEqualTo: id)
  }

  func newestFirst(limit: Int = 20) -> Query {
    order(by: Keys.Fields.createdAt, descending: true).limit(to: limit)
  }

  func visible() -> Query {
    self.whereField("hidden", isEqualTo: false)
  }
}
