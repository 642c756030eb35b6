/// An allow condition whose value is certainly not a bool (`allow read: if request.auth.uid;`):
/// a non-bool condition denies. A document field (`if resource.data.published`) has no known
/// type and stays silent.
enum NonBooleanCondition: Lint {
  static let rule = LintRule(
    code: .typeNonBooleanCondition, services: LintRule.everyService,
    summary: "an allow condition that is not a bool (`if request.auth.uid`)",
    fixHint: "write the comparison you mean, e.g. `if request.auth.uid != null` or `if resource.data.size() > 0`",
    triggering: [
      "match /a/{id} { allow read: if request.auth.uid; }",
      "match /a/{id} { allow read: if resource.data.size(); }",
    ],
    nonTriggering: [
      "match /a/{id} { allow read: if resource.data.published; }",
      "match /a/{id} { allow read: if resource.data.size() > 0; }",
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    model.typeFindings.compactMap { finding in
      guard case .nonBoolean(let type, let range) = finding else { return nil }
      return rule.warning(
        "this condition is \("aeiou".contains(type.name.first ?? "x") ? "an" : "a") \(type.name), not a bool: "
          + "a condition that is not a bool denies every request",
        at: range)
    }
  }
}
