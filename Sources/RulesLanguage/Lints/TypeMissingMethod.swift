/// A method called on a value whose type lacks it (`request.time.size()`): `Function not
/// found` at run time, so every request that evaluates it is denied. (A name no type has is
/// `check.unknown-method`.)
enum TypeMissingMethod: Lint {
  static let rule = LintRule(
    code: .typeMissingMethod, services: LintRule.everyService,
    summary: "a method the value's type does not have (`request.time.size()`)",
    fixHint: "call a method of that type (see the rules reference), or convert the value first",
    triggering: [
      "match /a/{id} { allow read: if request.time.size() > 0; }",
      "function tags() { let t = ['a', 'b']; return t.keys(); }\nmatch /a/{id} { allow read: if 'a' in tags(); }",
    ],
    nonTriggering: [
      "match /a/{id} { allow read: if resource.data.tags.size() > 0 && request.time.toMillis() > 0; }"
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    model.typeFindings.compactMap { finding in
      guard case .missingMethod(let type, let name) = finding else { return nil }
      return rule.warning(
        "\(type.name) has no method '\(name.name)': the call fails with 'Function not found', so every request "
          + "that evaluates it is denied",
        at: name.range)
    }
  }
}
