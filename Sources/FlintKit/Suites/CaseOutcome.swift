import FirestoreModel
import IndexAdvisor
import Queries
import RulesEngine
import RulesLanguage

/// What a case did.
package enum CaseOutcome: Sendable {
  /// A get or write request, decided by the evaluator.
  case single(Decision)
  /// A list request, decided by proving the query's filters against the rules (spec §7).
  case list(ListProof)
  /// A batched write or transaction.
  case batch(BatchDecision)
  /// A write Firestore fails before the rules run (NOT_FOUND, ALREADY_EXISTS); in a batch,
  /// `position` is the 0-based index of the refused write, and the whole batch fails.
  case refused(PreconditionFailure, position: Int?)

  /// Whether the request (or the whole batch) was allowed.
  package var allowed: Bool {
    switch self {
    case .single(let decision): decision.allowed
    case .list(let proof): proof.allowed
    case .batch(let batch): batch.allowed
    case .refused: false
    }
  }

  /// The outcome the app sees: `allow`, `deny`, `not-found` or `already-exists`.
  package var verdict: Verdict {
    if case .refused(let refusal, _) = self { return Verdict(refusal) }
    return Verdict(allowed: allowed)
  }
}
