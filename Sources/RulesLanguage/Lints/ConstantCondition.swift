/// A condition that folds to a constant although it is not simply `true` or `false`
/// (`1 == 1`, `request.auth != null || true`): a tautology grants to everyone, a contradiction
/// to no one, whatever the rest says.
enum ConstantCondition: Lint {
  static let rule = LintRule(
    code: .typeConstantCondition, services: LintRule.everyService,
    summary: "a condition that is always true or always false (`1 == 1`, `x || true`)",
    fixHint: "remove the constant part; write `if true` or `if false` when a constant is what you mean",
    triggering: [
      "match /a/{id} { allow read: if 1 == 1; }",
      "match /a/{id} { allow write: if request.auth != null && ('a' == 'b'); }",
      "match /a/{id} { allow read: if request.auth.uid == id || true; }",
    ],
    nonTriggering: [
      "match /a/{id} { allow read: if true; allow write: if false; }",
      "match /a/{id} { allow read: if request.auth.uid == id || resource.data.public == true; }",
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for match in model.matches {
      for allow in match.allows {
        guard let condition = allow.condition, !condition.isTrueLiteral, !condition.isFalseLiteral,
          case .bool(let value)? = ConstantFolding.fold(condition)
        else { continue }
        let methods = allow.methods.map(\.method.rawValue).joined(separator: ", ")
        diagnostics.append(
          rule.warning(
            value
              ? "this condition is always true: 'allow \(methods)' grants to everyone, signed in or not"
              : "this condition is always false: 'allow \(methods)' never grants anything",
            at: condition.range))
      }
    }
    return diagnostics
  }
}
