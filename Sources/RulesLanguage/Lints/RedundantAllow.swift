/// An allow statement made redundant by an earlier unconditional one in the same match: allow
/// statements are OR-ed, so once `allow read;` grants, a later `allow get: if ...` changes
/// nothing.
enum RedundantAllow: Lint {
  static let rule = LintRule(
    code: .typeRedundantAllow, services: LintRule.everyService,
    summary: "an allow statement made redundant by an earlier unconditional one in the same match",
    fixHint: "delete one of the two: the unconditional allow already grants everything this one would",
    triggering: [
      "match /a/{id} { allow read; allow get: if request.auth != null; }",
      "match /a/{id} { allow read, write: if true; allow update: if request.auth.uid == id; }",
    ],
    nonTriggering: [
      "match /a/{id} { allow get: if request.auth != null; allow list: if true; }",
      "match /a/{id} { allow read: if request.auth != null; allow get: if true; }",
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for match in model.matches {
      var granted: [(methods: MethodSet, range: SourceRange)] = []
      for allow in match.allows {
        let methods = MethodSet(granting: allow.methods)
        if !methods.isEmpty, let earlier = granted.first(where: { methods.isSubset(of: $0.methods) }) {
          let line = model.line(earlier.range.start)
          let names = allow.methods.map(\.method.rawValue).joined(separator: ", ")
          let range = allow.methods.first.map { $0.range.union(allow.methods.last!.range) } ?? allow.range
          diagnostics.append(
            rule.warning(
              "'allow \(names)' is redundant: the unconditional allow at line \(line) already grants it",
              at: range, notes: [Diagnostic.Note("the unconditional allow is here", at: earlier.range)]))
        }
        if allow.condition == nil || allow.condition?.isTrueLiteral == true {
          granted.append((methods, allow.range))
        }
      }
    }
    return diagnostics
  }
}
