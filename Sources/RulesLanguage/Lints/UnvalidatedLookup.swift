/// A `get()`/`exists()` (or `getAfter`/`existsAfter`) that decides who may write, on a path
/// built from a field the client wrote (`request.resource.data.teamId`) that the condition
/// never checks: the client chooses which document the rules read. A reference value splices
/// several segments into the path, so even the collection is the client's choice.
///
/// Only lookups tied to the user (the path also holds `request.auth.uid`, or the result is
/// compared with it or a token claim) are reported. A lookup that only checks the referenced
/// document exists or agrees with the written data (an order's listing and its price) is the
/// point of the write and stays silent. Wildcards, `request.auth.uid` and `resource.data`
/// (stored already) are not client data.
enum UnvalidatedLookup: Lint {
  static let rule = LintRule(
    code: "security.unvalidated-lookup",
    summary: "a get()/exists() that decides access on a path built from unvalidated client data",
    fixHint:
      "validate the field before using it in a path (`request.resource.data.teamId is string && "
      + "request.resource.data.teamId.matches('^[A-Za-z0-9]+$')`), or use the wildcard or `request.auth.uid`",
    triggering: [
      """
      match /projects/{projectId} {
        allow create: if exists(
          /databases/$(database)/documents/teams/$(request.resource.data.teamId)/members/$(request.auth.uid));
      }
      """,
      """
      function isTeamMember(teamId) {
        return request.auth.uid in get(/databases/$(database)/documents/teams/$(teamId)).data.members;
      }
      match /tasks/{taskId} { allow create, update: if isTeamMember(request.resource.data.teamId); }
      """,
      """
      function team() {
        let id = request.resource.data.team.id;
        return get(/databases/$(database)/documents/teams/$(id)).data;
      }
      match /tasks/{taskId} { allow create: if team().ownerId == request.auth.uid; }
      """,
      """
      match /tasks/{taskId} {
        allow create: if request.resource.data.title is string
          && getAfter(/databases/$(database)/documents/teams/$(request.resource.data.teamId)).data.owner
            == request.auth.uid;
      }
      """,
    ],
    nonTriggering: [
      """
      match /projects/{projectId} {
        allow create: if request.resource.data.teamId is string && exists(
          /databases/$(database)/documents/teams/$(request.resource.data.teamId)/members/$(request.auth.uid));
      }
      """,
      """
      function validId(id) { return id is string && id.matches('^[A-Za-z0-9]+$'); }
      function isTeamMember(teamId) {
        return request.auth.uid in get(/databases/$(database)/documents/teams/$(teamId)).data.members;
      }
      match /tasks/{taskId} {
        allow create: if validId(request.resource.data.teamId) && isTeamMember(request.resource.data.teamId);
      }
      """,
      """
      match /teams/{teamId}/tasks/{taskId} {
        allow create: if exists(/databases/$(database)/documents/teams/$(teamId)/members/$(request.auth.uid));
        allow update: if request.auth.uid
          in get(/databases/$(database)/documents/teams/$(resource.data.teamId)).data.members;
      }
      """,
      """
      match /tasks/{taskId} {
        allow create: if request.resource.data.teamId in ['red', 'blue'] && exists(
          /databases/$(database)/documents/teams/$(request.resource.data.teamId)/members/$(request.auth.uid));
      }
      """,
      // A reference to an existing listing, priced from it: choosing the listing is the point.
      """
      match /orders/{orderId} {
        allow create: if request.resource.data.buyerId == request.auth.uid
          && exists(/databases/$(database)/documents/listings/$(request.resource.data.listingId));
      }
      """,
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    model.allowFacts.compactMap { allow in
      guard allow.performsLookup, let condition = allow.condition, condition.readsIncomingData,
        !condition.hasUnresolvedCall
      else { return nil }
      let tied = identityLookups(condition)
      guard !tied.isEmpty else { return nil }
      let validated = condition.validatedValues
      for lookup in tied {
        guard case .call(let name, let args) = lookup.kind, let path = args.first else { continue }
        let values: [Expr]
        if case .path(let segments) = path.kind {
          values = segments.flatMap { segment -> [Expr] in
            guard case .interpolation(let e) = segment, !validated.contains(e) else { return [] }
            return e.clientFields
          }
        } else {
          values = path.clientFields
        }
        guard let value = values.first(where: { !validated.contains($0) }) else { continue }
        var field = ""
        ExprPrinter.write(value, to: &field)
        return rule.warning(
          "'allow \(allow.methodText)' on '\(allow.match.pathText)' decides access with \(name.name)() on a path "
            + "built from '\(field)', which the client wrote and the condition never validates: the client chooses "
            + "which document the rules read (a reference value splices several segments into the path, and an id "
            + "can name another user's or team's document)",
          at: allow.methodsRange)
      }
      return nil
    }
  }

  /// The lookup calls that decide something about the user: a path that also holds
  /// `request.auth.uid` (a membership document), or a result compared (`==`, `!=`, `in`, or a
  /// method such as `hasAny`) with the user's id or token.
  static func identityLookups(_ condition: Expr) -> [Expr] {
    var tied: [Expr] = []
    var seen = Set<Expr>()
    func add(lookupsIn expr: Expr) {
      expr.forEachNode { node in
        guard case .call(let name, let args) = node.kind, LookupNames.all.contains(name.name), args.count == 1,
          args[0].readsIncomingData, seen.insert(node).inserted
        else { return }
        tied.append(node)
      }
    }
    condition.forEachNode { node in
      switch node.kind {
      case .call(let name, let args) where LookupNames.all.contains(name.name) && args.count == 1:
        if args[0].readsAuthIdentity { add(lookupsIn: node) }
      case .binary(let op, let l, let r) where op == .equal || op == .notEqual || op == .in:
        if l.readsAuthIdentity { add(lookupsIn: r) }
        if r.readsAuthIdentity { add(lookupsIn: l) }
      case .methodCall(let base, _, let args) where args.contains(where: \.readsAuthIdentity):
        add(lookupsIn: base)
      default: break
      }
    }
    return tied
  }
}
