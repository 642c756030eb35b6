import FirestoreModel
import IndexAdvisor
import Queries
import RulesEngine
import RulesLanguage

/// One case's result.
package struct CaseResult: Sendable {
  package var name: String
  package var expect: Verdict
  package var outcome: CaseOutcome
  /// The case's line in the suite file, when known.
  package var line: Int?
  /// The case's read budget (`maxReads`) and what its query bills on the case's data.
  package var maxReads: Int?
  package var reads: Int?

  package init(name: String, expect: Verdict, outcome: CaseOutcome, line: Int? = nil) {
    self.name = name
    self.expect = expect
    self.outcome = outcome
    self.line = line
  }

  /// What happened: `allow`, `deny`, `not-found` or `already-exists`.
  package var actual: Verdict { outcome.verdict }
  /// Whether the query bills more reads than the case allows.
  package var overBudget: Bool {
    guard let maxReads, let reads else { return false }
    return reads > maxReads
  }
  /// Whether the verdict is the expected one, within the read budget.
  package var passed: Bool { actual == expect && !overBudget }
}
