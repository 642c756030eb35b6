// Names the queries use: constants, enum raw values, static properties.
import FirebaseFirestore

let postsCollection = "posts"

enum Collection: String {
  case users
  case comments = "post_comments"
}

struct Fields {
  static let author = "author"
  static let createdAt = "createdAt"
}
