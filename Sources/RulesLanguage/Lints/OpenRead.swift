/// `allow read` with no condition on a path ending in a recursive wildcard: every document
/// below, in every subcollection, is public. A collection group (`/{path=**}/reviews/{id}`) or
/// a single collection readable by all (a public catalogue) is a deliberate choice and stays
/// silent. Where nested containers are only name prefixes (Storage's folders), a public folder's
/// subfolders are meant public with it: only the whole bucket (`match /{allPaths=**}`) is reported.
enum OpenRead: Lint {
  static let rule = LintRule(
    code: .securityOpenRead, services: LintRule.everyService,
    summary: "reads granted to everyone on a recursive wildcard (`match /{document=**} { allow read; }`)",
    fixHint:
      "name the collections meant to be public (`match /posts/{postId} { allow read; }`) instead of `{document=**}`",
    triggering: [
      "match /{document=**} { allow read: if true; }",
      "match /users/{userId}/{rest=**} { allow read; }",
    ],
    nonTriggering: [
      "match /catalogue/{itemId} { allow read; }",
      "match /{path=**}/reviews/{reviewId} { allow read: if true; }",
      "match /{document=**} { allow read: if request.auth.token.admin == true; }",
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    let service = model.scopes.service
    return model.allowFacts.compactMap { allow in
      guard allow.grantsRead, allow.isUnconditional, allow.match.endsRecursive,
        service.subcontainersAreSeparate || allow.match.segments.count == 1
      else { return nil }
      return rule.warning(
        "'allow \(allow.methodText)' lets anyone, signed in or not, read every \(service.targetNoun) under "
          + "'\(allow.match.pathText)', in every sub\(service.containerNoun)",
        at: allow.methodsRange,
        // Only the root is reported where containers are name prefixes: narrow it to folders.
        fix: service.subcontainersAreSeparate
          ? nil
          : "make only the \(service.containerNoun)s meant to be public readable by everyone "
            + "(`match /public/{allPaths=**} { allow read; }`), not every \(service.targetNoun)")
    }
  }
}
