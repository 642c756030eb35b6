import FirestoreModel
import IndexAdvisor
import Queries
import RulesEngine
import RulesLanguage

/// What `QueryPlayground.run(_:auth:time:)` found.
package struct QueryReport: Sendable {
  /// The query text.
  package var source: SourceFile
  /// Syntax errors, or the validity error, as diagnostics into `source`.
  package var diagnostics: [Diagnostic]
  /// The first problem's message (the SDK's or backend's text for validity errors).
  package var error: String?
  /// The variable the query names but nothing binds (the error says so without saying how).
  package var unboundVariable: String?
  /// The normalized query, when valid.
  package var normalized: NormalizedQuery?
  /// The unknown value the proof and the run need (the query is valid, but neither ran).
  package var missingValue: UnknownValue?
  /// The rules decision, when rules were given.
  package var proof: ListProof?
  /// The rules text the proof's ranges point into.
  package var rulesSource: SourceFile?
  /// The documents (or aggregations) and reads, when the query ran (valid and not denied).
  package var result: QueryResult?
  /// What the query needs from indexes and whether the manifest (or, without one, the
  /// automatic indexes) serves it.
  package var index: QueryServing?
  /// The manifest checked against; nil when none was given.
  package var indexesName: String?
  /// Query Explain's report, when asked for (`QueryPlayground.explain`) or when the reads billed
  /// count index entries (`ReadBilling.countsIndexEntries`, which only its scan knows).
  package var explain: QueryExplain?
  package var project = ProjectID.placeholder
  package var database = DatabaseID.default

  package init(source: SourceFile, diagnostics: [Diagnostic]) {
    self.source = source
    self.diagnostics = diagnostics
  }

  package var isValid: Bool { normalized != nil }

  /// Whether production would refuse the query for a missing index (only known when a
  /// manifest was given).
  package var missingIndex: Bool { indexesName != nil && index?.isServed == false }

  /// The reads the query bills: Query Explain's read operations when they were computed (index
  /// entries included, query-semantics §11.2), else the engine's, which are the same then.
  package var reads: Int { explain?.stats?.readOperations ?? result?.reads ?? 0 }

  /// `flint query --plan`/`--analyze`'s exit status, which the rules do not decide: 0 valid (and
  /// served, with a manifest), 1 invalid, missing an index or missing a value the run needs.
  package var explainExitStatus: Int32 {
    isValid && !missingIndex && missingValue == nil ? 0 : 1
  }

  /// `flint query`'s exit status: 0 valid (and allowed, with rules; and served, with a
  /// manifest), 1 invalid, denied, missing an index or missing a value the proof or run needs.
  package var exitStatus: Int32 {
    guard isValid, missingValue == nil else { return 1 }
    if missingIndex { return 1 }
    return proof?.allowed == false ? 1 : 0
  }
}
