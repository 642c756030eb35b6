/// Conditions that only some users can meet (an admin, a manager, a member, a named account),
/// as opposed to conditions the document's owner meets on their own. Lints about what the owner
/// can do to their own document skip the first kind: an update only an admin can make is not
/// the owner handing the document away.
extension Expr {
  /// Whether every way to make the (inlined) condition true needs a privilege: a document
  /// lookup about the user (`get`/`exists` keyed by or compared with `request.auth`: a role, an
  /// admin list, a membership record), a custom token claim
  /// (`request.auth.token.admin`), or a fixed identity (`request.auth.uid == 'ops-robot'`, a
  /// fixed email). `&&` needs one on either side, `||` on both; under `!` nothing is a privilege
  /// (not being banned is not a role). Standard claims every user has (`email_verified`,
  /// `firebase.sign_in_provider`) are not privileges.
  func requiresPrivilege(in service: RulesService) -> Bool { requiresPrivilege(positive: true, service) }

  private func requiresPrivilege(positive: Bool, _ service: RulesService) -> Bool {
    switch kind {
    case .binary(.and, let l, let r):
      return positive
        ? l.requiresPrivilege(positive: true, service) || r.requiresPrivilege(positive: true, service)
        : l.requiresPrivilege(positive: false, service) && r.requiresPrivilege(positive: false, service)
    case .binary(.or, let l, let r):
      return positive
        ? l.requiresPrivilege(positive: true, service) && r.requiresPrivilege(positive: true, service)
        : l.requiresPrivilege(positive: false, service) || r.requiresPrivilege(positive: false, service)
    case .unary(.not, let operand):
      return operand.requiresPrivilege(positive: !positive, service)
    case .ternary(let c, let t, let o):
      // c ? t : o is (c && t) || (!c && o).
      return (c.requiresPrivilege(positive: true, service) || t.requiresPrivilege(positive: positive, service))
        && (c.requiresPrivilege(positive: false, service) || o.requiresPrivilege(positive: positive, service))
    case .bool(let value):
      // Never true: no one satisfies it, so it vacuously needs a privilege (`c ? admin : false`).
      return value != positive
    default:
      return positive && isPrivilegeTest(service)
    }
  }

  /// One test (not `&&`/`||`/`!`) that only privileged users pass.
  private func isPrivilegeTest(_ service: RulesService) -> Bool {
    // `x != v` excludes someone (`request.auth.token.banned != true`): not a privilege.
    if case .binary(.notEqual, _, _) = kind { return false }
    // A lookup about the user: their role, an admin list, a membership (a lookup that decides
    // nothing about the user, such as "the listing exists", is not a privilege).
    if performsLookup(in: service) && readsAuthIdentity { return true }
    if case .binary(let op, let l, let r) = kind, op == .equal || op == .in {
      // request.auth.uid == 'x', request.auth.uid in ['x', 'y'], request.auth.token.email == 'x'.
      let identity: Expr? =
        op == .in
        ? (r.isFixedIdentity ? l : nil)
        : (l.isFixedIdentity ? r : (r.isFixedIdentity ? l : nil))
      if let identity, identity.isChain(Chain.requestAuthUID) || identity.isIdentityClaim { return true }
      // 'admin' in request.auth.token
      if op == .in, case .string(let claim) = l.kind, r.isChain(Chain.requestAuthToken),
        !Self.standardClaims.contains(claim)
      {
        return true
      }
    }
    return contains { $0.isCustomClaim }
  }

  /// A string literal, or a list of them (the right side of `in`).
  private var isFixedIdentity: Bool {
    switch kind {
    case .string: return true
    case .list(let elements):
      return !elements.isEmpty && elements.allSatisfy { if case .string = $0.kind { true } else { false } }
    default: return false
    }
  }

  /// `request.auth.token.email` / `phone_number` / `sub` / `user_id`: one account's identity.
  private var isIdentityClaim: Bool {
    guard case .member(let base, let name) = kind, base.isChain(Chain.requestAuthToken) else { return false }
    return Self.identityClaims.contains(name.name)
  }

  /// `request.auth.token.C` (or `['C']`) for a claim C that Firebase Authentication does not set
  /// on every token: a custom claim an administrator grants (`admin`, `role`).
  private var isCustomClaim: Bool {
    let claim: String
    switch kind {
    case .member(let base, let name) where base.isChain(Chain.requestAuthToken): claim = name.name
    case .index(let base, let index) where base.isChain(Chain.requestAuthToken):
      guard case .string(let text) = index.kind else { return false }
      claim = text
    case .methodCall(let base, let name, let args) where base.isChain(Chain.requestAuthToken) && name.name == "get":
      guard case .string(let text)? = args.first?.kind else { return false }
      claim = text
    default: return false
    }
    return !Self.standardClaims.contains(claim)
  }

  /// Claims of every ID token (spec §5.1 [DOC][EMU]).
  package static let standardClaims: Set<String> = [
    "email", "email_verified", "phone_number", "name", "picture", "sub", "firebase", "iss", "aud", "auth_time",
    "user_id", "iat", "exp", "uid",
  ]
  static let identityClaims: Set<String> = ["email", "phone_number", "sub", "user_id"]
}
