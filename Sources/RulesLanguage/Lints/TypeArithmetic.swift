/// Arithmetic the engine rejects for the operand types (`'a' + 1`, `request.time * 2`): an
/// error at run time, so every request that evaluates it is denied.
enum TypeArithmetic: Lint {
  static let rule = LintRule(
    code: .typeInvalidArithmetic, services: LintRule.everyService,
    summary: "arithmetic on operand types the engine rejects (`'a' + 1`)",
    fixHint: "convert first (`string(n)`, `int(s)`) or use durations with timestamps (`duration.value(1, 'h')`)",
    triggering: [
      "match /a/{id} { allow read: if 'a' + 1 == 'a1'; }",
      "match /a/{id} { allow read: if request.time + 60 > resource.data.at; }",
    ],
    nonTriggering: [
      "match /a/{id} { allow read: if 'a' + string(1) == 'a1' && request.time + duration.value(1, 'h') > resource.data.at; }",
      "match /a/{id} { allow read: if resource.data.n + 1 > 2 && 1.5 * 2 == 3; }",
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    model.typeFindings.compactMap { finding in
      guard case .badArithmetic(let op, let l, let r, let range) = finding else { return nil }
      return rule.warning(
        "'\(op.rawValue)' is not defined for \(l.name) and \(r.name): it is an error at run time, so every request "
          + "that evaluates it is denied",
        at: range)
    }
  }
}
