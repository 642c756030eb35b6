/// Database ids as Firestore spells them.
public enum DatabaseID {
  /// The id of a project's default database: `/databases/(default)/documents/...`, and the
  /// database of a `firebase.json` entry that names none.
  public static let `default` = "(default)"
}
