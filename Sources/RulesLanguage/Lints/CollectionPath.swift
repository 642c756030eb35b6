/// A `match` whose path ends at a collection (an odd number of segments below the documents
/// root), often written to "protect a field": `match /users/{uid}/email`. No document has that
/// path, so its allow statements never apply; rules grant or deny whole documents.
enum CollectionPath: Lint {
  static let rule = LintRule(
    code: "misconception.match-names-field",
    summary: "a match path that ends at a collection or names a field (`match /users/{uid}/email`)",
    fixHint:
      "rules cannot hide a field: move private fields to their own document, e.g. `match /users/{uid}/private/{doc}`",
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
        notes: [Diagnostic.Note("rules grant or deny whole documents; a client that may read a document receives every field")])
    }
  }
}
