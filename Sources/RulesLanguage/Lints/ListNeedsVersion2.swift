/// A file of a service whose `list` needs `rules_version = '2'` (Cloud Storage's List API) that
/// has no version line (or says '1'), and an allow that names `list` or `read`: under version 1
/// no rule grants a list, so listing a folder is denied whatever the allow says (Docs/fidelity
/// F4). Reported once per file, at the first such allow.
enum ListNeedsVersion2: Lint {
  static let rule = LintRule(
    code: .misconceptionListNeedsVersion2, services: [.storage],
    summary: "a version 1 Storage file that grants `read` or `list`: version 1 never grants a list",
    fixHint:
      "add `rules_version = '2';` as the file's first line (in version 2 `{path=**}` also matches zero segments)",
    triggering: [
      "match /public/{fileName} { allow read; }",
      "match /users/{userId}/{allPaths=**} { allow list: if request.auth.uid == userId; }",
    ],
    nonTriggering: [
      "match /users/{userId}/{fileName} { allow get: if request.auth.uid == userId; }",
      "match /public/{fileName} { allow read: if false; }",
    ],
    exampleVersion: .v1)

  static func run(_ model: LintModel) -> [Diagnostic] {
    guard model.scopes.service.listNeedsVersion2, model.file.languageVersion == .v1,
      let allow = model.allowFacts.first(where: { $0.methods.contains(.list) && !$0.isNever })
    else { return [] }
    return [
      rule.warning(
        "this file has no `rules_version = '2';`, and under version 1 \(model.scopes.service.title) never grants a "
          + "list: 'allow \(allow.methodText)' on '\(allow.match.pathText)' lets clients get objects but not list "
          + "a folder",
        at: allow.methodsRange)
    ]
  }
}
