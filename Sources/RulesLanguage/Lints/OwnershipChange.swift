/// An update that lets the user change a field the rules use for access: a field compared with
/// `request.auth.uid` (the owner) or read from a document looked up with `get()` (a role). If
/// the update condition never mentions the field, a user can give the document away, or make
/// themselves an admin.
enum OwnershipChange: Lint {
  static let rule = LintRule(
    code: "security.unpinned-ownership-field",
    summary: "an update that does not pin a field used for ownership or roles",
    fixHint:
      "pin it: `request.resource.data.ownerId == resource.data.ownerId`, or "
      + "`!request.resource.data.diff(resource.data).affectedKeys().hasAny(['ownerId'])`",
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
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    let facts = model.allowFacts
    let roleFields = roleLookups(facts)
    var diagnostics: [Diagnostic] = []
    for allow in facts where allow.methods.contains(.update) && !allow.isNever && !allow.isWeak {
      guard let condition = allow.condition else { continue }
      // Fields compared with the user's id anywhere in this match, plus role fields read from
      // documents this match covers.
      var fields = Set<String>()
      for sibling in facts where sibling.matchIndex == allow.matchIndex {
        if let c = sibling.condition { fields.formUnion(ownerFields(c)) }
      }
      for (segments, field) in roleFields where matches(segments, allow.match) { fields.insert(field) }
      guard !fields.isEmpty else { continue }
      let mentioned = mentionedFields(condition)
      // A key whitelist or diff check: assume it pins what it must (silence over guessing).
      if !mentioned.isDisjoint(with: ["hasOnly", "affectedKeys", "changedKeys", "diff", "keys"]) { continue }
      let unpinned = fields.filter { !mentioned.contains($0) }.sorted()
      guard let field = unpinned.first else { continue }
      diagnostics.append(
        rule.warning(
          "'allow \(allow.methodText)' on '\(allow.match.pathText)' lets the user change '\(field)', which these "
            + "rules use to decide who owns the document or what role a user has; the condition never looks at it",
          at: allow.methodsRange))
    }
    return diagnostics
  }

  /// What the condition says about the incoming document: fields read as
  /// `request.resource.data.F`, string literals (key lists, `get('F', ...)`) and method names.
  static func mentionedFields(_ condition: Expr) -> Set<String> {
    var names = Set<String>()
    condition.forEachNode { node in
      switch node.kind {
      case .member:
        if let dotted = node.dottedName, dotted.hasPrefix("request.resource.data.") {
          let rest = dotted.dropFirst("request.resource.data.".count)
          if let first = rest.split(separator: ".").first { names.insert(String(first)) }
        }
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
      if l.dottedName == "request.auth.uid" { other = r } else if r.dottedName == "request.auth.uid" { other = l } else {
        return
      }
      if let field = dataField(other) { fields.insert(field) }
    }
    return fields
  }

  private static func dataField(_ expr: Expr) -> String? {
    guard let name = expr.dottedName else { return nil }
    for prefix in ["resource.data.", "request.resource.data."] where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      return rest.split(separator: ".").first.map(String.init)
    }
    return nil
  }

  /// `get(<path>).data.F` where the path is keyed by `request.auth.uid` (the user's own document,
  /// which holds their role): the path's segments below the documents root, and F.
  static func roleLookups(_ facts: [AllowFacts]) -> [([PathSegment], String)] {
    var found: [([PathSegment], String)] = []
    for allow in facts {
      allow.condition?.forEachNode { node in
        guard case .member(let data, let field) = node.kind, case .member(let call, let dataName) = data.kind,
          dataName.name == "data", case .call(let name, let args) = call.kind,
          name.name == "get" || name.name == "getAfter", args.count == 1, case .path(let segments) = args[0].kind
        else { return }
        // Only the signed-in user's own document holds their role.
        let keyedByUser = segments.contains { segment in
          if case .interpolation(let e) = segment { return e.dottedName == "request.auth.uid" }
          return false
        }
        if keyedByUser, let index = segments.firstIndex(of: .literal("documents")) {
          found.append((Array(segments[(index + 1)...]), field.name))
        }
      }
    }
    return found
  }

  /// Whether a looked-up path can name a document of `match`.
  static func matches(_ segments: [PathSegment], _ match: LintModel.Match) -> Bool {
    guard match.underDocuments, !match.isRecursive, segments.count == match.segments.count else { return false }
    for (p, m) in zip(segments, match.segments) {
      switch (p, m.kind) {
      case (.literal(let x), .literal(let y)): if x != y { return false }
      case (.interpolation, .literal): return false
      default: continue
      }
    }
    return true
  }
}
