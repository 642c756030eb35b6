/// A broad recursive match grants what a narrower match restricts. Allow statements are OR-ed:
/// the broad, weak grant wins, and the narrow condition never restricts anything.
enum OverlappingAllow: Lint {
  static let rule = LintRule(
    code: .securityOverlappingAllow, services: LintRule.everyService,
    summary: "a narrow match's condition is overridden by a broad recursive match (rules are OR-ed)",
    fixHint: "remove the broad grant or narrow it; a condition cannot take back access another allow gives",
    triggering: [
      """
      match /{document=**} { allow read: if request.auth != null; }
      match /users/{userId} { allow read: if request.auth.uid == userId; }
      """
    ],
    nonTriggering: [
      """
      match /{document=**} { allow read: if request.auth.token.admin == true; }
      match /users/{userId} { allow read: if request.auth.uid == userId; }
      """,
      """
      match /public/{document=**} { allow read; }
      match /users/{userId} { allow read: if request.auth.uid == userId; }
      """,
    ])

  static func run(_ model: LintModel) -> [Diagnostic] {
    let facts = model.allowFacts
    let broad = facts.filter { $0.match.isRecursive && $0.isWeak && !$0.isNever }
    guard !broad.isEmpty else { return [] }
    var diagnostics: [Diagnostic] = []
    for narrow in facts where !narrow.isWeak && !narrow.isNever && !narrow.match.isRecursive {
      for wide in broad where covers(wide.match, narrow.match) {
        let shared = narrow.methods.intersection(wide.methods)
        guard !shared.isEmpty else { continue }
        let methods = Method.allCases.filter { shared.contains($0) }.map(\.rawValue).joined(separator: ", ")
        let line = model.line(wide.statement.range.start)
        diagnostics.append(
          rule.warning(
            "this condition restricts nothing: 'allow \(wide.methodText)' at line \(line) on "
              + "'\(wide.match.pathText)' already grants \(methods) on '\(narrow.match.pathText)' to "
              + "\(wide.grantee), and allow statements are OR-ed, so that one wins",
            at: narrow.methodsRange,
            notes: [Diagnostic.Note("the broad allow is here", at: wide.methodsRange)]))
        break
      }
    }
    return diagnostics
  }

  /// Whether every document `narrow` matches is also matched by `broad` (whose recursive
  /// wildcard must be its last segment; other shapes are left alone).
  static func covers(_ broad: LintModel.Match, _ narrow: LintModel.Match) -> Bool {
    guard broad.underDocuments, narrow.underDocuments, let last = broad.segments.last,
      case .recursiveWildcard = last.kind
    else { return false }
    let prefix = broad.segments.dropLast()
    guard narrow.segments.count > prefix.count else { return false }
    for (b, n) in zip(prefix, narrow.segments) {
      switch (b.kind, n.kind) {
      case (.wildcard, .wildcard), (.wildcard, .literal): continue
      case (.literal(let x), .literal(let y)) where x == y: continue
      default: return false
      }
    }
    return true
  }
}
