/// A `match` whose path ends at a collection (an odd number of segments below the documents
/// root), often written to "protect a field": `match /users/{uid}/email`. No document has that
/// path, so its allow statements never apply; rules grant or deny whole documents.
enum CollectionPath: Lint {
  static let rule = LintRule(
    code: .misconceptionMatchNamesField,
    summary: "a match path that ends at a collection or names a field (`match /users/{uid}/email`)",
    fixHint:
      "for a subcollection, name its documents (`match /users/{uid}/email/{docId}`); for a field, delete the block "
      + "(it never applied) and keep private fields in a document of their own, e.g. `match /users/{uid}/private/{doc}`",
    triggering: [
      "match /users/{uid} { allow read: if true; match /email { allow read: if request.auth.uid == uid; } }",
      "match /users/{uid}/email { allow read: if request.auth.uid == uid; }",
    ],
    nonTriggering: [
      "match /users/{uid}/private/{doc} { allow read: if request.auth.uid == uid; }",
      "match /users/{uid}/{rest=**} { allow read: if request.auth.uid == uid; }",
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    model.matches.compactMap { match in
      guard match.underDocuments, !match.isRecursive, !match.allows.isEmpty, match.segments.count % 2 == 1,
        let last = match.block.path.segments.last
      else { return nil }
      let what: String
      let fix = fix(for: match)
      if case .literal(let name) = last.kind {
        what =
          "'\(match.pathText)' names a collection called '\(name)', not a field of the document above it: "
          + "no document has this path, so these allow statements never apply"
      } else {
        what = "'\(match.pathText)' ends at a collection, not a document: no document has this path, so these "
          + "allow statements never apply"
      }
      return rule.warning(
        what, at: match.block.path.range,
        notes: [Diagnostic.Note("rules grant or deny whole documents; a client that may read a document receives every field")],
        fix: fix)
    }
  }

  /// Both readings of the block, each a change after which the warning is gone and the app works
  /// as before or better: a subcollection gets its documents named (its rules then apply); a
  /// field's block goes (it never applied), and the field moves to a document of its own.
  static func fix(for match: LintModel.Match) -> String {
    let path = match.pathText
    let parent = match.segments.dropLast().map { "/" + $0.description }.joined()
    return "if '\(path)' is a subcollection, name its documents: `match \(path)/{docId}`; if it is meant as a field, "
      + "delete this block (it never applied) and move the field to a document only the right users may read, e.g. "
      + "`match \(parent)/private/{docId}`"
  }
}
