/// Database ids as Firestore spells them.
package enum DatabaseID {
  /// The id of a project's default database: `/databases/(default)/documents/...`, and the
  /// database of a `firebase.json` entry that names none.
  package static let `default` = "(default)"
}
