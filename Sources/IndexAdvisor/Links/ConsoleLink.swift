import FirestoreModel

/// The link the backend puts in `FAILED_PRECONDITION: The query requires an index. You can
/// create it here: …` (query-semantics §2B B17, §6.6): the console's index page with the index to
/// create encoded as URL-safe base64 (no padding) of its Admin API proto.
package enum ConsoleLink {
  /// The backend's message for a missing index, with the link.
  package static func missingIndexMessage(_ index: CompositeIndex, project: String, database: String) -> String {
    "The query requires an index. You can create it here: \(url(index, project: project, database: database))"
  }

  /// `https://console.firebase.google.com/v1/r/project/<p>/firestore/indexes?create_composite=<payload>`
  /// (named databases carry `/databases/<id>/` in the path).
  package static func url(_ index: CompositeIndex, project: String, database: String) -> String {
    let databasePart = database == DatabaseID.default ? "" : "databases/\(database)/"
    return "https://console.firebase.google.com/v1/r/project/\(project)/firestore/\(databasePart)indexes"
      + "?create_composite=\(payload(index, project: project, database: database))"
  }

  /// The `create_composite` value: the index with every field the backend builds, the
  /// trailing `__name__` included, under the placeholder index id `_`.
  package static func payload(_ index: CompositeIndex, project: String, database: String) -> String {
    let name = "projects/\(project)/databases/\(database)/collectionGroups/\(index.collectionGroup)/indexes/_"
    let bytes = IndexProto.encode(name: name, scope: index.scope, fields: index.servingFields)
    return Base64.encode(bytes, alphabet: .url, padding: false)
  }
}
