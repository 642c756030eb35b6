/// A cross-service lookup (`firestore.get()`, `firestore.exists()`) whose path names a database
/// other than the one the service may read: Cloud Storage rules read only the project's
/// `(default)` Firestore database, and production denies a lookup of any other, even of a
/// document that exists (Docs/fidelity F13). The usual slip is `/databases/default/documents`,
/// without the parentheses.
enum NamedDatabaseLookup: Lint {
  static let rule = LintRule(
    code: .misconceptionNamedDatabaseLookup, services: [.storage],
    summary: "a `firestore.get()`/`firestore.exists()` path that names a database other than `(default)`",
    fixHint: "write the database as `(default)`: `/databases/(default)/documents/...`",
    triggering: [
      """
      match /reports/{fileName} {
        allow read: if firestore.exists(/databases/default/documents/admins/$(request.auth.uid));
      }
      """
    ],
    nonTriggering: [
      """
      match /reports/{fileName} {
        allow read: if firestore.exists(/databases/(default)/documents/admins/$(request.auth.uid));
      }
      """
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    let service = model.scopes.service
    guard let database = service.lookupDatabase, service.lookupNamespace != nil else { return [] }
    // The written conditions and function bodies (not the inlined ones: a helper is reported
    // once, where its path is written).
    var expressions: [Expr] = model.matches.flatMap { $0.allows.compactMap(\.condition) }
    for (index, function) in model.scopes.functions.enumerated() where model.scopes.isFirstDeclaration(index) {
      expressions += [function.decl.body] + function.decl.lets.map(\.value)
    }
    var diagnostics: [Diagnostic] = []
    for expression in expressions {
      expression.forEachNode { node in
        guard let (function, args) = node.lookupCall(in: service), let path = args.first,
          case .path(let segments) = path.kind, let at = segments.firstIndex(of: .literal("databases")),
          at + 1 < segments.count, case .literal(let named) = segments[at + 1], named != database
        else { return }
        diagnostics.append(
          rule.warning(
            "\(service.spelling(of: function))() reads the database '\(named)', but \(service.title) rules can "
              + "read only the '\(database)' database: this lookup is an error, so the condition around it denies",
            at: path.range, fix: "write `/databases/\(database)/documents/...`"))
      }
    }
    return diagnostics
  }
}
