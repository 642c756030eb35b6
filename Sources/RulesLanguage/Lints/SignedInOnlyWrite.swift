/// `allow write: if request.auth != null` alone: any signed-in user may change any document of
/// the collection, other users' documents included.
enum SignedInOnlyWrite: Lint {
  static let rule = LintRule(
    code: "security.signed-in-only-write",
    summary: "writes guarded only by `request.auth != null`",
    fixHint:
      "tie the document to the user: `request.auth.uid == resource.data.ownerId` (update, delete) or "
      + "`request.resource.data.ownerId == request.auth.uid` (create)",
    triggering: [
      "match /posts/{postId} { allow write: if request.auth != null; }",
      "function signedIn() { return request.auth != null; }\nmatch /posts/{postId} { allow update, delete: if signedIn(); }",
      "match /feedback/{id} { allow create: if request.auth != null; }",
    ],
    nonTriggering: [
      "match /posts/{postId} { allow read: if request.auth != null; }",
      "match /feedback/{id} { allow create: if request.auth != null && request.resource.data.text.size() < 500; }",
      "match /posts/{postId} { allow update: if request.auth != null && resource.data.authorId == request.auth.uid; }",
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    model.allowFacts.compactMap { allow in
      guard allow.grantsWrite, allow.isSignedInOnly else { return nil }
      if allow.methods.isDisjoint(with: [.update, .delete]) {
        return rule.warning(
          "any signed-in user can create documents matched by '\(allow.match.pathText)' with any content and any "
            + "owner: 'request.auth != null' only checks that someone is signed in",
          at: allow.methodsRange)
      }
      return rule.warning(
        "any signed-in user can \(OpenWrite.writeVerbs(allow.methods)) any document matched by "
          + "'\(allow.match.pathText)', other users' documents included: 'request.auth != null' only checks that "
          + "someone is signed in",
        at: allow.methodsRange)
    }
  }
}
