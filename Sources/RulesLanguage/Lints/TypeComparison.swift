/// A comparison whose operand types make it certain: `==` between types that are never equal
/// (always false; `!=` always true), or `<` and friends between types that cannot be ordered
/// (an error, so the request is denied).
enum TypeComparison: Lint {
  static let rule = LintRule(
    code: .typeImpossibleComparison, services: LintRule.everyService,
    summary: "a comparison between types that can never match (`request.auth.uid == 5`, `request.time > 0`)",
    fixHint: "compare values of one type: a string id with a string, a timestamp with a timestamp or duration",
    triggering: [
      "match /a/{id} { allow read: if request.auth.uid == 5; }",
      "match /a/{id} { allow read: if request.time > 0; }",
      "function age() { return request.time - resource.data.born; }\nmatch /a/{id} { allow read: if request.time < 10; }",
    ],
    nonTriggering: [
      "match /a/{id} { allow read: if resource.data.count == 5 && request.time > resource.data.openAt; }",
      "match /a/{id} { allow read: if request.auth.uid != null && request.query.limit <= 10.5; }",
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    model.typeFindings.compactMap { finding in
      switch finding {
      case .neverEqual(let op, let l, let r, let range):
        let outcome = op == .equal ? "always false" : "always true"
        return rule.warning(
          "'\(op.rawValue)' between \(l.name) and \(r.name) is \(outcome): values of different types are never equal",
          at: range)
      case .unorderable(let op, let l, let r, let range):
        return rule.warning(
          "'\(op.rawValue)' cannot compare \(l.name) with \(r.name): it is an error at run time, so every request "
            + "that evaluates it is denied",
          at: range)
      default:
        return nil
      }
    }
  }
}
