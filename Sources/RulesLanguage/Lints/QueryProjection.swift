/// `request.query.<name>` for a name rules do not expose. Only `limit`, `offset` and `orderBy`
/// exist; in particular a query's `select()` projection is invisible to rules, and a permitted
/// query returns whole documents.
enum QueryProjection: Lint {
  static let rule = LintRule(
    code: .misconceptionQueryProjection,
    summary: "a list rule that reads a query property rules do not expose (`request.query.select`)",
    fixHint:
      "reading `request.query.<name>` is an error: delete the statement (the test alone where joined with `||`); "
      + "to list only public fields, copy them to documents of their own with their own read rule",
    triggering: [
      "match /users/{uid} { allow list: if request.query.select == ['name']; }",
      "match /users/{uid} { allow list: if 'name' in request.query.fields; }",
    ],
    nonTriggering: [
      "match /feed/{id} { allow list: if request.query.limit <= 50 && request.query.offset == 0; }"
    ])

  static let exposed: Set<String> = ["limit", "offset", "orderBy"]

  static func run(_ model: LintModel) -> [Diagnostic] {
    // No `query` anywhere in the text: no `request.query` chain to check.
    guard ByteSearch.contains(model.source.bytes, "query") else { return [] }
    var expressions: [Expr] = model.matches.flatMap { $0.allows.compactMap(\.condition) }
    for (index, function) in model.scopes.functions.enumerated() where model.scopes.isFirstDeclaration(index) {
      expressions += [function.decl.body] + function.decl.lets.map(\.value)
    }
    var diagnostics: [Diagnostic] = []
    for expression in expressions {
      do {
        expression.forEachNode { node in
          guard case .member(let base, let name) = node.kind, base.isChain(Chain.requestQuery),
            !exposed.contains(name.name)
          else { return }
          diagnostics.append(
            rule.warning(
              "request.query has no property '\(name.name)': rules see only limit, offset and orderBy, not a "
                + "query's select() projection or its filters, and a permitted query returns whole documents",
              at: name.range,
              fix: "reading `request.query.\(name.name)` is an error, so nothing is granted through it: delete the "
                + "statement when the test is its whole condition or joined with `&&`, else just the test (the rules "
                + "decide as before); to let clients list only some fields, copy them to documents of their own "
                + "(e.g. `publicProfiles/{uid}`) with their own read rule, as rules grant whole documents"))
        }
      }
    }
    return diagnostics
  }
}
