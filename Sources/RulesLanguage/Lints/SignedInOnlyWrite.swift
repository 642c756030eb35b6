/// `allow write: if request.auth != null` alone: any signed-in user may change or delete any
/// document of the collection, other users' documents included. A create guarded so is often
/// meant (reports, likes, support tickets): it is reported only when the rules use a field of
/// these documents for ownership (compared with `request.auth.uid` elsewhere in the match), which
/// the create lets the user set to another user's id.
enum SignedInOnlyWrite: Lint {
  static let rule = LintRule(
    code: .securitySignedInOnlyWrite, services: LintRule.everyService,
    summary: "updates or deletes guarded only by `request.auth != null`, or such creates of owned documents",
    fixHint:
      "tie the document to the user: `resource.data.<owner field> == request.auth.uid` (update, delete), "
      + "`request.resource.data.<owner field> == request.auth.uid` (create)",
    triggering: [
      "match /posts/{postId} { allow write: if request.auth != null; }",
      "function signedIn() { return request.auth != null; }\nmatch /posts/{postId} { allow update, delete: if signedIn(); }",
      """
      match /posts/{postId} {
        allow create: if request.auth != null;
        allow update: if resource.data.authorId == request.auth.uid;
      }
      """,
    ],
    nonTriggering: [
      "match /posts/{postId} { allow read: if request.auth != null; }",
      "match /feedback/{id} { allow create: if request.auth != null && request.resource.data.text.size() < 500; }",
      "match /posts/{postId} { allow update: if request.auth != null && resource.data.authorId == request.auth.uid; }",
      // A create-only collection with no owner field: anyone signed in may file one, as meant.
      "match /reports/{id} { allow create: if request.auth != null; }",
      """
      match /likes/{id} {
        allow create: if request.auth != null;
        allow read: if request.auth != null;
      }
      """,
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    let service = model.scopes.service
    let noun = service.targetNoun
    let reported = model.allowFacts.filter { $0.grantsWrite && $0.isSignedInOnly }
    let ownersByMatch = OwnershipChange.ownerFields(inMatches: Set(reported.map(\.matchIndex)), model)
    return reported.compactMap { allow in
      let owners = ownersByMatch[allow.matchIndex] ?? []
      if allow.methods.isDisjoint(with: [.update, .delete]) {
        guard let owner = owners.first else { return nil }
        return rule.warning(
          "any signed-in user can create documents matched by '\(allow.match.pathText)' with any '\(owner)', which "
            + "these rules use to decide who owns a document: a user can create one in another user's name",
          at: allow.methodsRange,
          fix: "require the owner to be the writer: `request.resource.data.\(owner) == request.auth.uid`")
      }
      let fix: String
      if let owner = owners.first {
        fix =
          "tie the document to its owner: `resource.data.\(owner) == request.auth.uid` (update, delete)"
          + (allow.methods.contains(.create) ? ", `request.resource.data.\(owner) == request.auth.uid` (create)" : "")
      } else if service.property("request.resource.data") == nil {
        // Objects have no fields to hold an owner: the path does.
        fix =
          "put the owner's uid in the path (`match /users/{userId}/{fileName}`) and require "
          + "`request.auth.uid == userId` for writes"
      } else {
        fix =
          "store the writer's uid when a document is created (`request.resource.data.ownerId == request.auth.uid`) "
          + "and require `resource.data.ownerId == request.auth.uid` for update and delete"
      }
      return rule.warning(
        "any signed-in user can \(OpenWrite.writeVerbs(allow.methods)) any \(noun) matched by "
          + "'\(allow.match.pathText)', other users' \(noun)s included: 'request.auth != null' only checks that "
          + "someone is signed in",
        at: allow.methodsRange, fix: fix)
    }
  }
}
