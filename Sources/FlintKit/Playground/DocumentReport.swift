import FirestoreModel
import IndexAdvisor
import Queries
import RulesEngine
import RulesLanguage

/// What `QueryPlayground.run(_ request:)` found.
package struct DocumentReport: Sendable {
  package var request: Request
  /// The evaluator's decision, when rules were given.
  package var decision: Decision?
  package var rulesSource: SourceFile?
  /// For an allowed `get`: the stored document (nil when missing).
  package var document: Document?
  /// Whether the store was read (an allowed `get`, or any `get` without rules).
  package var looked = false
  /// The precondition Firestore fails the write with before the rules run, if it does.
  package var refusal: PreconditionFailure?

  package init(request: Request) {
    self.request = request
  }

  /// 0 allowed (or no rules), 1 denied or refused (NOT_FOUND, ALREADY_EXISTS).
  package var exitStatus: Int32 { refusal != nil || decision?.allowed == false ? 1 : 0 }
}
