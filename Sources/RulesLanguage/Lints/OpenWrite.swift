/// `allow write` (or create, update, delete) with no condition or `if true`: anyone, signed in or
/// not, may change the documents (in Storage: upload, overwrite and delete the objects).
enum OpenWrite: Lint {
  static let rule = LintRule(
    code: .securityOpenWrite, services: LintRule.everyService,
    summary: "writes granted to everyone (`allow write;` or `if true`)",
    fixHint: "require a signed-in owner, e.g. `if request.auth != null && request.auth.uid == userId`",
    triggering: [
      "match /users/{userId} { allow read, write: if true; }",
      "match /logs/{id} { allow create; }",
      "function anyone() { return true; }\nmatch /a/{id} { allow update: if anyone(); }",
    ],
    nonTriggering: [
      "match /users/{userId} { allow read, write: if request.auth != null && request.auth.uid == userId; }",
      "match /catalogue/{id} { allow read; allow write: if false; }",
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    let noun = model.scopes.service.targetNoun
    return model.allowFacts.compactMap { allow in
      guard allow.grantsWrite, allow.isUnconditional else { return nil }
      return rule.warning(
        "'allow \(allow.methodText)' lets anyone, signed in or not, \(writeVerbs(allow.methods)) every \(noun) "
          + "matched by '\(allow.match.pathText)'",
        at: allow.methodsRange)
    }
  }

  static func writeVerbs(_ methods: MethodSet) -> String {
    let verbs = [(Method.create, "create"), (.update, "update"), (.delete, "delete")].filter { methods.contains($0.0) }
      .map(\.1)
    return verbs.count <= 1 ? verbs.joined() : verbs.dropLast().joined(separator: ", ") + " and " + verbs.last!
  }
}
