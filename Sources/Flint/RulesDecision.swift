import FlintKit
import Queries
import RulesEngine
import RulesLanguage

/// The rules' verdict on one request, with its explanation.
///
/// The ``description`` is the explanation `flint test` prints for a failing case: for each allow
/// statement that could have granted the request, its line, the first sub-expression that made it
/// false (with carets, through function calls) and the values that sub-expression saw; for a query,
/// the proof per branch and the filter that would make it provable. An allowed request names the
/// allow that granted it (`file:line`, its `match` and the values that made its condition true).
/// A denied one reads:
///
/// ```
/// DENY update /databases/(default)/documents/users/alice
///   reason: false for 'update' @ L40
///   L40 allow update: false
///     41 |         && validProfile(request.resource.data)
///        |            ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ false
/// ```
public struct RulesDecision: Sendable, CustomStringConvertible {
  /// Whether the rules allow the request.
  public let allowed: Bool
  /// The emulator-style one-line reason (`false for 'get' @ L5`, `No matching allow statements`);
  /// empty when allowed.
  public let reason: String
  /// The explanation `flint test` prints (see the type's documentation).
  public let description: String
  /// The whole evaluated tree, as `flint test --explain full` prints it.
  public let fullExplanation: String
  /// When Firestore fails the write before the rules run, its status: `"NOT_FOUND"` (an
  /// `update` of a document the data does not hold) or `"ALREADY_EXISTS"` (a `create` of one it
  /// holds); the decision is then not allowed. Nil when the rules decided.
  public let writeFailure: String?

  init(_ outcome: CaseOutcome, source: SourceFile) {
    allowed = outcome.allowed
    switch outcome {
    case .single(let decision):
      writeFailure = nil
      reason = decision.message
      description = ShortExplanation.render(decision, source: source, signedOutHint: Self.signedOutHint)
      fullExplanation = TraceTextRenderer.render(decision, source: source)
    case .list(let proof):
      writeFailure = nil
      reason = proof.summary
      description = ProofRenderer.text(proof, source: source)
      fullExplanation = description
    case .refused(let refusal, _):
      reason = refusal.message
      description = refusal.message + "; the rules were not evaluated\n"
      fullExplanation = description
      writeFailure = refusal.code
    case .batch(let batch):
      // Not built by this API; kept total for the switch.
      writeFailure = nil
      reason = batch.limitBreach ?? ""
      description = batch.decisions.map { ShortExplanation.render($0, source: source, batch: batch.decisions) }
        .joined()
      fullExplanation = description
    }
  }

  /// How to sign a request in with this API, for explanations of signed-out requests.
  static let signedOutHint = #"the request is sent as .signedOut; sign in with as: .user("alice")"#
}
