/// A recursive wildcard at the root of the database granting writes: one condition then guards
/// every collection, present and future. Admin-only grants (custom claims or a role looked up
/// with `get()`) are the usual, deliberate exception and stay silent.
enum RecursiveWrite: Lint {
  static let rule = LintRule(
    code: .securityRecursiveWrite, services: LintRule.everyService,
    summary: "writes granted on `match /{document=**}`: every collection, present and future",
    fixHint: "grant writes per collection (`match /posts/{postId}`), keeping `{document=**}` for admin-only rules",
    triggering: [
      "match /{document=**} { allow write: if request.auth.uid == 'x7Fq2'; }"
    ],
    nonTriggering: [
      "match /{document=**} { allow read, write: if request.auth.token.admin == true; }",
      "match /tenants/{tenantId}/{document=**} { allow write: if request.auth.token.tenant == tenantId; }",
      "match /{document=**} { allow write: if false; }",
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    let service = model.scopes.service
    return model.allowFacts.compactMap { allow in
      guard allow.grantsWrite, allow.match.underDocuments, let first = allow.match.segments.first,
        case .recursiveWildcard = first.kind, !allow.isNever,
        // Reported by a more specific lint already.
        !allow.isWeak,
        // Admin patterns: custom claims or a role document.
        allow.condition?.contains(where: { $0.isChain(Chain.requestAuthToken) }) != true,
        !allow.performsLookup
      else { return nil }
      return rule.warning(
        "'allow \(allow.methodText)' on '\(allow.match.pathText)' grants writes to every \(service.targetNoun) of every "
          + "\(service.containerNoun), including \(service.containerNoun)s added later",
        at: allow.methodsRange)
    }
  }
}
