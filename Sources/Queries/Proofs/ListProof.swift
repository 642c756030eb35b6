import RulesEngine
import RulesLanguage

/// The verdict on a query (`list` request) against a ruleset, proved from the query's
/// filters rather than from stored documents (rules-semantics §7), with the explanation.
package struct ListProof: Sendable {
  /// Whether every branch of the query is granted by some allow statement.
  package var allowed: Bool
  /// What was requested, e.g. `list /databases/(default)/documents/posts` or
  /// `list collectionGroup posts`.
  package var request: String
  /// The complete patterns of the match blocks that cover the query.
  package var matches: [String]
  /// One result per branch (after splitting `in`/`or`/`array-contains-any` per value).
  package var branches: [BranchProof]
  /// A limit breach (too many lookups, expression budget, recursion) that denied everything.
  package var limitBreach: String?
  /// General remarks (no matching block, projections and aggregations, ...).
  package var notes: [String]

  /// The suggested fixes of every denied branch, without repeats, in order.
  package var suggestions: [String] {
    var seen = Set<String>()
    var out: [String] = []
    for branch in branches where !branch.granted {
      for attempt in branch.attempts {
        for obstacle in attempt.obstacles {
          if let suggestion = obstacle.suggestion, seen.insert(suggestion).inserted { out.append(suggestion) }
        }
      }
    }
    return out
  }

  /// Query changes that would make every denied branch provable: alternatives, each a list
  /// of suggestions to apply together, smallest first (empty when allowed or none is known).
  package var fixes: [[String]] {
    if allowed || limitBreach != nil { return [] }
    return ProofFixes.all(branches.filter { !$0.granted }.map(\.fixes))
  }

  /// The emulator-style one-line reason (empty when allowed).
  package var summary: String {
    if allowed { return "" }
    if let limitBreach { return "\(limitBreach) for 'list'" }
    if matches.isEmpty || branches.allSatisfy({ $0.attempts.isEmpty }) { return "No matching allow statements" }
    guard let index = branches.firstIndex(where: { !$0.granted }) else { return "denied" }
    let which = branches.count == 1 ? "the query" : "branch \(index + 1) of \(branches.count)"
    return "no allow statement is provably true for \(which) (\(branches[index].branch))"
  }
}

/// How one branch fared: the allows tried in source order, up to the first that granted.
package struct BranchProof: Sendable {
  package var branch: ProofBranch
  package var granted: Bool
  package var attempts: [AllowAttempt]

  /// The fixes of every allow tried, smallest first.
  package var fixes: [[String]] {
    granted ? [] : ProofFixes.normalize(attempts.flatMap(\.fixes))
  }
}

/// One allow statement evaluated against one branch.
package struct AllowAttempt: Sendable {
  /// The outcome for the branch.
  package enum Outcome: Hashable, Sendable {
    /// The condition is true for every document the branch can return.
    case granted
    /// The condition is false for every such document.
    case denied
    /// The condition errors for every such document.
    case error(String)
    /// The filters do not decide the condition (unprovable counts as a denial).
    case unprovable
  }

  /// The complete pattern of the block the allow is in.
  package var pattern: String
  /// 1-based line of the `allow` keyword.
  package var line: Int
  package var methods: [Method]
  package var range: SourceRange
  package var conditionRange: SourceRange?
  package var outcome: Outcome
  /// Why the allow did not grant: the sub-expressions that were false, errors or unprovable.
  package var obstacles: [ProofObstacle]
  /// Query changes that would make this allow provable: alternatives, each a list of
  /// suggestions to apply together (smallest first); empty when none is known. Worked out
  /// from `recorded` when read, so a query that is only decided never pays for it.
  package var fixes: [[String]] {
    get { fixesOverride ?? ProofFixes.options(recorded) }
    set { fixesOverride = newValue }
  }
  /// The obstacles as the evaluator recorded them, with their place among `&&`/`||`.
  var recorded: [RecordedObstacle] = []
  /// Fixes set explicitly (they replace the ones worked out from `recorded`).
  var fixesOverride: [[String]]? = nil
}

/// A sub-expression that kept an allow from granting, and how to change the query.
package struct ProofObstacle: Hashable, Sendable {
  package enum Kind: String, Hashable, Sendable {
    /// A comparison on a field the branch does not filter.
    case unconstrained
    /// A comparison the branch's filters on that field do not imply.
    case notImplied
    /// False for every document (or, for a condition without the queried document, just false).
    case alwaysFalse
    /// An error for every document.
    case error
    /// An operation the prover cannot reason about on the queried document (arithmetic,
    /// method calls, `is`, lookups whose path depends on it, ...).
    case unsupported
    /// A match wildcard whose value the query does not fix (the document id, a collection
    /// group's parents).
    case unknownWildcard
  }

  package var kind: Kind
  package var range: SourceRange
  /// The sub-expression's source text.
  package var text: String
  package var reason: String
  /// A query change that would make it provable, e.g. `.where("owner", "==", auth.uid)`.
  package var suggestion: String?

  package init(kind: Kind, range: SourceRange, text: String, reason: String, suggestion: String? = nil) {
    self.kind = kind
    self.range = range
    self.text = text
    self.reason = reason
    self.suggestion = suggestion
  }
}
