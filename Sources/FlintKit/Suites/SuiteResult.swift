import FirestoreModel
import IndexAdvisor
import Queries
import RulesEngine
import RulesLanguage

/// The results of one suite, with the rules text for rendering explanations.
package struct SuiteResult: Sendable {
  package var file: String
  package var source: SourceFile
  package var cases: [CaseResult]
  /// The problems of the suite's cases that could not be read (and did not run).
  package var caseErrors: [JSONError] = []

  package init(file: String, source: SourceFile, cases: [CaseResult], caseErrors: [JSONError] = []) {
    self.file = file
    self.source = source
    self.cases = cases
    self.caseErrors = caseErrors
  }

  package var passed: Int { cases.count { $0.passed } }
  package var failed: Int { cases.count { !$0.passed } }
}
