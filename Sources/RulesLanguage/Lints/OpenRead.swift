/// `allow read` with no condition on a path ending in a recursive wildcard: every document
/// below, in every subcollection, is public. A collection group (`/{path=**}/reviews/{id}`) or
/// a single collection readable by all (a public catalogue) is a deliberate choice and stays
/// silent.
enum OpenRead: Lint {
  static let rule = LintRule(
    code: .securityOpenRead,
    summary: "reads granted to everyone on a recursive wildcard (`match /{document=**} { allow read; }`)",
    fixHint: "name the collections meant to be public (`match /posts/{postId} { allow read; }`) instead of `{document=**}`",
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
    model.allowFacts.compactMap { allow in
      guard allow.grantsRead, allow.isUnconditional, allow.match.endsRecursive else { return nil }
      return rule.warning(
        "'allow \(allow.methodText)' lets anyone, signed in or not, read every document under "
          + "'\(allow.match.pathText)', in every subcollection",
        at: allow.methodsRange)
    }
  }
}
