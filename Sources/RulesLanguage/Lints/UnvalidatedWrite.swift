/// A create or update that checks who writes (`request.auth.uid == userId`) but never looks at
/// what is written (`request.resource`), on documents anyone may read: the owner can store any
/// fields, of any type and size, and every reader gets them. Documents whose reads check who
/// reads (the owner only, signed-in users, members) stay silent, as do admin grants (a fixed
/// uid, a custom claim, a role looked up with `get()`) and `{x=**}` matches.
enum UnvalidatedWrite: Lint {
  static let rule = LintRule(
    code: .securityUnvalidatedWrite,
    summary: "public documents whose create or update checks who writes but never looks at the data",
    fixHint:
      "validate the written data, e.g. `request.resource.data.keys().hasOnly(['name', 'bio']) "
      + "&& request.resource.data.name is string`",
    triggering: [
      "match /profiles/{userId} { allow read: if true; allow create, update: if request.auth.uid == userId; }",
      """
      function isOwner(userId) { return request.auth != null && request.auth.uid == userId; }
      match /users/{userId} { allow read; allow write: if isOwner(userId); }
      """,
      """
      match /users/{uid}/posts/{postId} {
        allow read: if resource.data.published == true;
        allow create: if request.auth.uid == uid;
      }
      """,
      """
      function owns(uid) { let me = request.auth.uid; return me == uid; }
      match /boards/{uid} { allow get: if true; allow update: if owns(uid) || request.auth.token.admin == true; }
      """,
    ],
    nonTriggering: [
      // Only the owner reads: their own data.
      "match /users/{userId} { allow read, write: if request.auth != null && request.auth.uid == userId; }",
      // Readers must sign in (what security.open-write suggests): silence over guessing.
      "match /users/{userId} { allow read: if request.auth != null; allow write: if request.auth.uid == userId; }",
      """
      match /profiles/{userId} {
        allow read: if true;
        allow create, update: if request.auth.uid == userId
          && request.resource.data.keys().hasOnly(['name', 'bio']) && request.resource.data.name is string;
      }
      """,
      """
      function valid(data) { return data.name is string && data.name.size() <= 40; }
      match /profiles/{userId} {
        allow read: if true;
        allow write: if request.auth.uid == userId && valid(request.resource.data);
      }
      """,
      "match /profiles/{userId} { allow read: if true; allow delete: if request.auth.uid == userId; }",
      "match /settings/{id} { allow read: if true; allow write: if request.auth.token.admin == true; }",
      "match /settings/{id} { allow read: if true; allow write: if request.auth.uid == 'ops-robot'; }",
      "match /users/{userId}/{doc=**} { allow read: if true; allow write: if request.auth.uid == userId; }",
      // Reported by security.signed-in-only-write.
      "match /posts/{postId} { allow read: if true; allow write: if request.auth != null; }",
      // A create that reads the stored document never succeeds (misconception.resource-on-create).
      "match /posts/{postId} { allow read: if true; allow create: if resource.data.authorId == request.auth.uid; }",
      // An undefined helper may validate: unknown stays silent.
      "match /profiles/{userId} { allow read: if true; allow update: if request.auth.uid == userId && checked(); }",
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    let candidates = model.allowFacts.filter { allow in
      guard !allow.methods.isDisjoint(with: [.create, .update]), !allow.isNever, !allow.isWeak,
        storesUserData(allow.match), let condition = allow.condition
      else { return false }
      // getAfter() can read the written document; an unresolved helper may check anything.
      guard
        !condition.readsIncomingData && !allow.callsGetAfter && !condition.hasUnresolvedCall(in: model.scopes.service)
      else { return false }
      // A create that can never succeed is `misconception.resource-on-create`'s finding.
      return allow.methods.contains(.update) || condition.storedReadBlockingCreate == nil
    }
    guard !candidates.isEmpty else { return [] }
    let reported = Set(model.ownershipFindings.map { ObjectIdentifier($0.allow) })
    return candidates.compactMap { allow in
      guard let condition = allow.condition, !ownerValues(condition, match: allow.match).isEmpty,
        !reported.contains(ObjectIdentifier(allow)), !overridden(allow, model),
        publiclyReadable(allow.matchIndex, model)
      else { return nil }
      return rule.warning(
        "'allow \(allow.methodText)' on '\(allow.match.pathText)' checks who writes but never looks at the written "
          + "data (request.resource): the writer can store any fields, of any type and size, e.g. a 1 MiB document or "
          + "fields the app never reads, and anyone may read these documents",
        at: allow.methodsRange)
    }
  }

  /// Documents of a named collection keyed by a wildcard (`/users/{userId}`, `/a/{x}/b/{y}`).
  static func storesUserData(_ match: LintModel.Match) -> Bool {
    guard match.underDocuments, !match.isRecursive, match.segments.count >= 2, match.segments.count % 2 == 0,
      case .wildcard = match.segments[match.segments.count - 1].kind,
      case .literal = match.segments[match.segments.count - 2].kind
    else { return false }
    return true
  }

  /// What `request.auth.uid` is compared with (`==`) as an owner: a wildcard of the match or a
  /// stored field (`resource.data.ownerId`). A fixed uid or a custom claim is an admin, not an owner.
  static func ownerValues(_ condition: Expr, match: LintModel.Match) -> Set<Expr> {
    var owners = Set<Expr>()
    condition.forEachNode { node in
      guard case .binary(.equal, let l, let r) = node.kind else { return }
      for (uid, other) in [(l, r), (r, l)] where uid.isChain(Chain.requestAuthUID) {
        if case .identifier(let name) = other.kind, match.wildcards.contains(name) { owners.insert(other) }
        if other.isStoredField { owners.insert(other) }
      }
    }
    return owners
  }

  /// Whether some read grant of the match never asks who reads (no `request.auth` in it): the
  /// documents are public, or public when a stored field says so.
  static func publiclyReadable(_ matchIndex: Int, _ model: LintModel) -> Bool {
    model.allowFacts.contains { read in
      guard read.matchIndex == matchIndex, read.grantsRead, !read.isNever else { return false }
      guard let condition = read.condition else { return true }
      return !condition.contains { $0.isChain(Chain.requestAuth) }
    }
  }

  /// Whether a weak `{x=**}` grant already gives these writes (`security.overlapping-allow`).
  static func overridden(_ allow: AllowFacts, _ model: LintModel) -> Bool {
    model.allowFacts.contains { wide in
      wide.match.isRecursive && wide.isWeak && !wide.isNever && !wide.methods.isDisjoint(with: allow.methods)
        && OverlappingAllow.covers(wide.match, allow.match)
    }
  }
}

extension Expr {
  /// A field of the stored document: `resource.data.F` or deeper.
  fileprivate var isStoredField: Bool {
    var node = self
    while case .member(let base, _) = node.kind {
      if base.isChain(Chain.resourceData) { return true }
      node = base
    }
    return false
  }
}
