import FirestoreModel
import IndexAdvisor
import Queries
import RulesEngine
import RulesLanguage

/// What `flint query --plan` and `--analyze` ask of a query.
package enum ExplainOption: Sendable {
  case off
  /// The plan summary alone (Query Explain without analyze).
  case plan
  /// The plan and the execution statistics on the seeded data.
  case analyze
}
