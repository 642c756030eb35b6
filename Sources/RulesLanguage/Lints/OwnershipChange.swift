/// An update that lets the user change a field the rules use for access: a field compared with
/// `request.auth.uid` (the owner) or read from a document looked up with `get()` (a role). If
/// the update condition never mentions the field, a user can give the document away, or make
/// themselves an admin.
enum OwnershipChange: Lint {
  static let rule = LintRule(
    code: .securityUnpinnedOwnershipField,
    summary: "an update that does not pin a field used for ownership or roles",
    fixHint: fix(field: "<field>"),
    triggering: [
      """
      match /posts/{postId} {
        allow update: if resource.data.ownerId == request.auth.uid && request.resource.data.title is string;
      }
      """,
      """
      function role() { return get(/databases/$(database)/documents/users/$(request.auth.uid)).data.role; }
      match /users/{userId} { allow update: if request.auth.uid == userId; }
      match /admin/{doc} { allow read: if role() == 'admin'; }
      """,
      """
      match /posts/{postId} {
        allow update: if resource.data.ownerId == request.auth.uid && request.auth.token.banned != true;
      }
      """,
    ],
    nonTriggering: [
      """
      match /posts/{postId} {
        allow update: if resource.data.ownerId == request.auth.uid
          && request.resource.data.ownerId == resource.data.ownerId;
      }
      """,
      """
      match /posts/{postId} {
        allow update: if resource.data.ownerId == request.auth.uid
          && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['title']);
      }
      """,
      "match /users/{userId} { allow update: if request.auth.uid == userId; }",
      """
      match /posts/{postId} {
        allow read: if resource.data.ownerId == request.auth.uid;
        allow update: if request.auth.token.admin == true;
      }
      """,
      // Only an admin (a role looked up, a fixed account) can make these updates, not the owner.
      """
      function isAdmin() { return exists(/databases/$(database)/documents/admins/$(request.auth.uid)); }
      match /posts/{postId} {
        allow read: if resource.data.ownerId == request.auth.uid;
        allow update: if isAdmin() && request.resource.data.title is string;
      }
      """,
      """
      match /tickets/{id} {
        allow read: if resource.data.userId == request.auth.uid;
        allow update: if get(/databases/$(database)/documents/users/$(request.auth.uid)).data.role == 'manager'
          || request.auth.uid == 'support-bot';
      }
      """,
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    model.ownershipFindings.map { allow, field in
      rule.warning(
        "'allow \(allow.methodText)' on '\(allow.match.pathText)' lets the user change '\(field)', which these "
          + "rules use to decide who owns the document or what role a user has; the condition never looks at it",
        at: allow.methodsRange, fix: fix(field: field))
    }
  }

  /// The fix for one field: the diff form first, as it also holds for documents without the field
  /// (`request.resource.data.F` is an error there, which would deny their every update).
  static func fix(field: String) -> String {
    "pin it: `!request.resource.data.diff(resource.data).affectedKeys().hasAny(['\(field)'])` "
      + "(or `request.resource.data.\(field) == resource.data.\(field)` when every document has '\(field)')"
  }

  /// The updates this lint reports, each with the first unpinned field (other lints ask, so as
  /// not to report the same allow twice).
  static func findings(_ model: LintModel) -> [(allow: AllowFacts, field: String)] {
    let facts = model.allowFacts
    // Candidates first (cheap): updates that are neither weak nor never and do not check keys
    // with diff()/hasOnly(). Only their matches need the ownership fields worked out.
    var candidates: [(allow: AllowFacts, mentioned: Set<String>)] = []
    for allow in facts where allow.methods.contains(.update) && !allow.isNever && !allow.isWeak {
      guard let condition = allow.condition else { continue }
      // A key whitelist or diff check: assume it pins what it must (silence over guessing;
      // `security.owner-field-in-key-list` reports a list that names the field).
      if condition.contains(where: isKeyCheck) { continue }
      // Only an admin, a manager or a named account can make the update (a custom claim, a role
      // or membership looked up, a fixed uid): they are trusted to reassign documents.
      if condition.requiresPrivilege(in: model.scopes.service) { continue }
      candidates.append((allow, mentionedFields(condition)))
    }
    guard !candidates.isEmpty else { return [] }
    let candidateMatches = Set(candidates.map(\.allow.matchIndex))
    var ownerFieldsByMatch: [Int: Set<String>] = [:]
    for fact in facts where candidateMatches.contains(fact.matchIndex) {
      if let condition = fact.condition {
        ownerFieldsByMatch[fact.matchIndex, default: []].formUnion(ownerFields(condition))
      }
    }
    let roleFields = Array(roleLookups(facts))
    var found: [(allow: AllowFacts, field: String)] = []
    for (allow, mentioned) in candidates {
      var fields = ownerFieldsByMatch[allow.matchIndex] ?? []
      for role in roleFields where matches(role.pattern, allow.match) { fields.insert(role.field) }
      let unpinned = fields.filter { !mentioned.contains($0) }.sorted()
      if let field = unpinned.first { found.append((allow, field)) }
    }
    return found
  }

  /// A role field read from a looked-up document: the path's segments below the documents root
  /// (`nil` for an interpolated segment), and the field.
  struct RoleLookup: Hashable {
    var pattern: [String?]
    var field: String
  }

  /// Names that mean the update checks its keys.
  static let keyChecks: Set<String> = ["hasOnly", "affectedKeys", "changedKeys", "diff", "keys"]

  /// Whether the node puts one of `keyChecks` into `mentionedFields` (so the set need not be
  /// built to ask).
  static func isKeyCheck(_ node: Expr) -> Bool {
    switch node.kind {
    case .member(let base, let name): base.isChain(Chain.requestResourceData) && keyChecks.contains(name.name)
    case .methodCall(_, let name, _): keyChecks.contains(name.name)
    case .string(let text): keyChecks.contains(text)
    default: false
    }
  }

  /// What the condition says about the incoming document: fields read as
  /// `request.resource.data.F`, string literals (key lists, `get('F', ...)`) and method names.
  static func mentionedFields(_ condition: Expr) -> Set<String> {
    var names = Set<String>()
    condition.forEachNode { node in
      switch node.kind {
      case .member(let base, let name):
        if base.isChain(Chain.requestResourceData) { names.insert(name.name) }
      case .methodCall(_, let name, _): names.insert(name.name)
      case .string(let text): names.insert(text)
      default: break
      }
    }
    return names
  }

  /// Fields `F` in `resource.data.F` / `request.resource.data.F` compared (`==`, `!=`) with
  /// `request.auth.uid`. Membership lists (`uid in members`) are left out: owners edit them.
  static func ownerFields(_ condition: Expr) -> Set<String> {
    var fields = Set<String>()
    condition.forEachNode { node in
      guard case .binary(let op, let l, let r) = node.kind, op == .equal || op == .notEqual else { return }
      let other: Expr
      if l.isChain(Chain.requestAuthUID) {
        other = r
      } else if r.isChain(Chain.requestAuthUID) {
        other = l
      } else {
        return
      }
      if let field = dataField(other) { fields.insert(field) }
    }
    return fields
  }

  /// The owner fields of the matches asked about: those their allow statements compare with
  /// `request.auth.uid`, sorted (the first names the field in messages). One pass over the allows.
  static func ownerFields(inMatches wanted: Set<Int>, _ model: LintModel) -> [Int: [String]] {
    guard !wanted.isEmpty else { return [:] }
    var fields: [Int: Set<String>] = [:]
    for fact in model.allowFacts where wanted.contains(fact.matchIndex) {
      if let condition = fact.condition { fields[fact.matchIndex, default: []].formUnion(ownerFields(condition)) }
    }
    return fields.mapValues { $0.sorted() }
  }

  /// F in `resource.data.F...` or `request.resource.data.F...`.
  private static func dataField(_ expr: Expr) -> String? {
    var node = expr
    while case .member(let base, let name) = node.kind {
      if base.isChain(Chain.resourceData) || base.isChain(Chain.requestResourceData) { return name.name }
      node = base
    }
    return nil
  }

  /// `get(<path>).data.F` where the path is keyed by `request.auth.uid` (the user's own document,
  /// which holds their role): the path's segments below the documents root, and F.
  static func roleLookups(_ facts: [AllowFacts]) -> Set<RoleLookup> {
    var found = Set<RoleLookup>()
    for allow in facts where allow.performsLookup {
      allow.condition?.forEachNode { node in
        guard case .member(let data, let field) = node.kind, case .member(let call, let dataName) = data.kind,
          dataName.name == "data", case .call(let name, let args) = call.kind,
          LookupFunction(rawValue: name.name)?.returnsDocument == true, args.count == 1,
          case .path(let segments) = args[0].kind
        else { return }
        // Only the signed-in user's own document holds their role.
        let keyedByUser = segments.contains { segment in
          if case .interpolation(let e) = segment { return e.isChain(Chain.requestAuthUID) }
          return false
        }
        guard keyedByUser, let index = segments.firstIndex(of: .literal("documents")) else { return }
        let pattern = segments[(index + 1)...].map { segment -> String? in
          if case .literal(let text) = segment { return text }
          return nil
        }
        found.insert(RoleLookup(pattern: pattern, field: field.name))
      }
    }
    return found
  }

  /// Whether a looked-up path can name a document of `match`.
  static func matches(_ pattern: [String?], _ match: LintModel.Match) -> Bool {
    guard match.underDocuments, !match.isRecursive, pattern.count == match.segments.count else { return false }
    for (p, m) in zip(pattern, match.segments) {
      switch (p, m.kind) {
      case (let x?, .literal(let y)): if x != y { return false }
      case (nil, .literal): return false
      default: continue
      }
    }
    return true
  }
}
