// Constants nested in a type, and more of them in an extension in another file.
enum Keys {
  enum Fields {
    static let book = "book"
  }
}
