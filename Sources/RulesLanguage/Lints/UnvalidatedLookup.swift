/// A `get()`/`exists()` (or `getAfter`/`existsAfter`) that decides who may write, on a path the
/// client chooses, in the two ways that let a user reach a document they should not:
///
/// - an update that reads a path built from an id the client writes
///   (`exists(/databases/$(database)/documents/teams/$(request.resource.data.teamId)/members/$(request.auth.uid))`)
///   and never looks at the stored value: a member of one team moves another team's document
///   into their own team. An interpolated value is one segment (a string with `/` is an error,
///   spec §1.6 and `Docs/fidelity/checks.md`), so the client only chooses which document of the
///   collection the rules wrote is read: on create that is the point ("the reservation must be
///   mine"), and stays silent;
/// - a lookup whose whole path is client data (`get(request.resource.data.teamRef)`, or
///   `path()` of a string the client wrote): the client chooses the collection too, and can
///   point at any document they can write.
///
/// Only lookups tied to the user (the path also holds `request.auth.uid`, or the result is
/// compared with it or a token claim) are reported. Wildcards, `request.auth.uid` and
/// `resource.data` (stored already) are not client data.
enum UnvalidatedLookup: Lint {
  static let rule = LintRule(
    code: .securityUnvalidatedLookup,
    summary: "a get()/exists() that decides access on a path the client chooses (an update's new id, a written path)",
    fixHint:
      "check the stored value too (`request.resource.data.teamId == resource.data.teamId`), or build the path "
      + "from a literal collection and an id",
    triggering: [
      """
      match /tasks/{taskId} {
        allow update: if exists(
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
      match /tasks/{taskId} { allow write: if team().ownerId == request.auth.uid; }
      """,
      // A collection the client names (create included).
      """
      match /shares/{shareId} {
        allow create: if get(/databases/$(database)/documents/$(request.resource.data.kind)/$(request.resource.data.itemId))
          .data.ownerId == request.auth.uid;
      }
      """,
      // A written reference: the client chooses the collection too (create included).
      """
      match /tasks/{taskId} {
        allow create: if get(request.resource.data.teamRef).data.ownerId == request.auth.uid;
      }
      """,
    ],
    nonTriggering: [
      // Creating in a team of one's own, or for a reservation of one's own: choosing it is the point.
      """
      match /projects/{projectId} {
        allow create: if exists(
          /databases/$(database)/documents/teams/$(request.resource.data.teamId)/members/$(request.auth.uid));
      }
      """,
      """
      match /payments/{paymentId} {
        allow create: if get(/databases/$(database)/documents/reservations/$(request.resource.data.reservationId))
          .data.userId == request.auth.uid;
      }
      """,
      // The stored team is checked as well: the document cannot move to a team the user is not in.
      """
      function isTeamMember(teamId) {
        return request.auth.uid in get(/databases/$(database)/documents/teams/$(teamId)).data.members;
      }
      match /tasks/{taskId} {
        allow update: if isTeamMember(resource.data.teamId) && isTeamMember(request.resource.data.teamId);
      }
      """,
      """
      match /tasks/{taskId} {
        allow update: if request.resource.data.teamId == resource.data.teamId && exists(
          /databases/$(database)/documents/teams/$(request.resource.data.teamId)/members/$(request.auth.uid));
      }
      """,
      """
      match /teams/{teamId}/tasks/{taskId} {
        allow create, update: if exists(/databases/$(database)/documents/teams/$(teamId)/members/$(request.auth.uid));
      }
      """,
      // The user owns the stored document: they may only move their own.
      """
      match /tasks/{taskId} {
        allow update: if resource.data.ownerId == request.auth.uid && exists(
          /databases/$(database)/documents/teams/$(request.resource.data.teamId)/members/$(request.auth.uid));
      }
      """,
      // A lookup that decides nothing about the user.
      """
      match /orders/{orderId} {
        allow update: if resource.data.buyerId == request.auth.uid
          && exists(/databases/$(database)/documents/listings/$(request.resource.data.listingId));
      }
      """,
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    model.allowFacts.compactMap { allow in
      guard allow.performsLookup, !allow.isNever, let condition = allow.condition, condition.readsIncomingData,
        !condition.hasUnresolvedCall(in: model.scopes.service)
      else { return nil }
      let tied = identityLookups(condition)
      guard !tied.isEmpty else { return nil }
      for lookup in tied {
        guard case .call(let name, let args) = lookup.kind, let path = args.first else { continue }
        if case .path(let segments) = path.kind {
          // A collection id the client writes: it chooses the collection (create included).
          if let value = clientCollection(segments), !condition.validatedValues.contains(value) {
            return rule.warning(
              "'allow \(allow.methodText)' on '\(allow.match.pathText)' decides access with \(name.name)() on a path "
                + "whose collection is '\(text(value))', which the client writes: the client chooses the collection "
                + "as well as the document, and can point at any document they can write",
              at: allow.methodsRange,
              fix: "name the collection in the rules (`/databases/$(database)/documents/<collection>/$(...)`), or "
                + "check the value first (`\(text(value)) in ['teams', 'groups']`)")
          }
          // One segment per value: exploitable only by moving a stored document (an update).
          guard allow.methods.contains(.update), !checksHowKeysChange(condition),
            !tiesStoredDocumentToUser(condition, allow.match)
          else { continue }
          for case .interpolation(let e) in segments {
            for value in e.clientFields {
              guard let field = topField(value), !readsStored(field, condition) else { continue }
              return rule.warning(
                "'allow \(allow.methodText)' on '\(allow.match.pathText)' decides access with \(name.name)() on a path "
                  + "built from '\(text(value))', the new value the client writes, and never looks at the document as "
                  + "stored: a user who passes the check for some '\(field)' can update any document there by writing "
                  + "that '\(field)' into it, moving another team's or user's document into their own",
                at: allow.methodsRange, fix: fix(field: field))
            }
          }
        } else {
          let validated = condition.validatedValues
          guard let value = path.clientFields.first(where: { !validated.contains($0) }) else { continue }
          return rule.warning(
            "'allow \(allow.methodText)' on '\(allow.match.pathText)' decides access with \(name.name)() on a path "
              + "the client wrote ('\(text(value))'): the client chooses the collection as well as the document, and "
              + "can point at any document they can write",
            at: allow.methodsRange,
            fix: "build the path from a literal collection and an id the client writes, e.g. `\(name.name)("
              + "/databases/$(database)/documents/<collection>/$(request.resource.data.<id field>))`: an interpolated "
              + "id names a document of that collection only")
        }
      }
      return nil
    }
  }

  /// The first client field interpolated where a collection id goes (the 1st, 3rd, ...
  /// segment below `documents`).
  static func clientCollection(_ segments: [PathSegment]) -> Expr? {
    guard let documents = segments.firstIndex(of: .literal("documents")) else { return nil }
    for (index, segment) in segments.enumerated() where index > documents && (index - documents - 1) % 2 == 0 {
      if case .interpolation(let e) = segment, let value = e.clientFields.first { return value }
    }
    return nil
  }

  static func fix(field: String) -> String {
    "check the stored value too: `request.resource.data.\(field) == resource.data.\(field)` (the document cannot move), "
      + "or repeat the check with `resource.data.\(field)`"
  }

  private static func text(_ expr: Expr) -> String {
    var text = ""
    ExprPrinter.write(expr, to: &text)
    return text
  }

  /// F in `request.resource.data.F...` (or `['F']`).
  static func topField(_ value: Expr) -> String? {
    var node = value
    while true {
      switch node.kind {
      case .member(let base, let name):
        if base.isChain(Chain.requestResourceData) { return name.name }
        node = base
      case .index(let base, let index):
        if base.isChain(Chain.requestResourceData) {
          if case .string(let key) = index.kind { return key }
          return nil
        }
        node = base
      default: return nil
      }
    }
  }

  /// Whether the condition reads the stored `resource.data.F` (compares it, looks it up as
  /// well): it looks at what the document holds now.
  static func readsStored(_ field: String, _ condition: Expr) -> Bool {
    condition.contains { node in
      switch node.kind {
      case .member(let base, let name): return name.name == field && base.isChain(Chain.resourceData)
      case .index(let base, let index):
        if case .string(let key) = index.kind, key == field { return base.isChain(Chain.resourceData) }
        return false
      case .methodCall(let base, let name, let args):
        // resource.data.get('F', default)
        guard name.name == "get", base.isChain(Chain.resourceData), case .string(let key)? = args.first?.kind else {
          return false
        }
        return key == field
      default: return false
      }
    }
  }

  /// Whether the condition ties the stored document to the user: compares something read from
  /// it (`resource.data.ownerId`, a lookup keyed by `resource.data.teamId`) or a wildcard of the
  /// match with the user's id or token. Then only documents the user already may change can move.
  static func tiesStoredDocumentToUser(_ condition: Expr, _ match: LintModel.Match) -> Bool {
    let wildcards = match.wildcards
    func stored(_ e: Expr) -> Bool {
      if case .identifier(let name) = e.kind, wildcards.contains(name) { return true }
      return e.contains { $0.isChain(Chain.resourceData) }
    }
    return condition.contains { node in
      switch node.kind {
      case .binary(let op, let l, let r) where op == .equal || op == .notEqual || op == .in:
        return (l.readsAuthIdentity && stored(r)) || (r.readsAuthIdentity && stored(l))
      case .methodCall(let base, _, let args):
        return stored(base) && args.contains(where: \.readsAuthIdentity)
      case .call(let name, let args) where LookupFunction.names.contains(name.name):
        // exists(/teams/$(resource.data.teamId)/members/$(request.auth.uid))
        return args.contains { $0.readsAuthIdentity && stored($0) }
      default: return false
      }
    }
  }

  /// `diff()`, `affectedKeys()` or `changedKeys()`: the update says which fields may change
  /// (silence over guessing whether the list holds the field).
  static func checksHowKeysChange(_ condition: Expr) -> Bool {
    condition.contains { node in
      if case .methodCall(_, let name, _) = node.kind {
        return ["diff", "affectedKeys", "changedKeys"].contains(name.name)
      }
      return false
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
        guard case .call(let name, let args) = node.kind, LookupFunction.names.contains(name.name), args.count == 1,
          args[0].readsIncomingData, seen.insert(node).inserted
        else { return }
        tied.append(node)
      }
    }
    condition.forEachNode { node in
      switch node.kind {
      case .call(let name, let args) where LookupFunction.names.contains(name.name) && args.count == 1:
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
