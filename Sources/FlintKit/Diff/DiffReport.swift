import RulesEngine
import RulesSolver

/// What `flint diff` found: the changed (match, method) pairs with their witnesses, the others,
/// and whether "no difference" is proved everywhere.
package struct DiffReport: Sendable {
  package struct Change: Sendable {
    package var match: String
    package var method: RequestMethod
    /// Confirmed witnesses, NEW's first.
    package var witnesses: [Candidate]

    /// `weaker` (NEW allows requests OLD denies), `stronger` (the reverse) or `changed` (both).
    package var direction: String {
      let newAllows = witnesses.contains { $0.allowedBy == .new }
      let oldAllows = witnesses.contains { $0.allowedBy == .old }
      return newAllows && oldAllows ? "changed" : newAllows ? "weaker" : "stronger"
    }
  }

  package struct Unchanged: Sendable {
    package var match: String
    package var method: RequestMethod
    /// Proved the same (exact encodings, definite answers), not only "no difference found".
    package var isProved: Bool
  }

  /// A construct approximated in one of the rulesets.
  package struct Unsupported: Sendable {
    package var side: RulesSide
    package var line: Int
    package var construct: String
  }

  package var changes: [Change]
  package var unchanged: [Unchanged]
  /// Both encodings exact and every solver answer definite: "unchanged" then means the same.
  package var complete: Bool
  package var unsupported: [Unsupported]

  /// Whether NEW allows some request OLD denies.
  package var hasNewAccess: Bool { changes.contains { $0.direction != "stronger" } }

  /// 0 when NEW allows nothing OLD denies, 1 when it does.
  package var exitStatus: Int32 { hasNewAccess ? 1 : 0 }
}
