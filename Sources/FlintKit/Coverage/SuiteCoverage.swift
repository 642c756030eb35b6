import Queries
import RulesEngine
import RulesLanguage

/// The coverage of one rules file across every suite run against it.
package struct FileCoverage: Sendable {
  /// The rules file's path, normalized (`a/../b` is `b`), as suites name it.
  package var path: String
  package var source: SourceFile
  package var coverage: RuleCoverage

  package var summary: CoverageSummary { CoverageSummary(coverage) }
}

/// Collects rule coverage from suite runs (`flint test --coverage`): one `FileCoverage` per
/// rules file, in the order the suites first name them. Suites sharing a rules file add up.
///
/// Get and write cases count everything from their full traces (run them with
/// `SuiteRunner(explainsPassingCases: true)`). List cases are decided by query proofs, which
/// record no expression trees: they count the blocks that cover the query and each allow's
/// outcome for each branch of the query.
package struct SuiteCoverage: Sendable {
  package private(set) var files: [FileCoverage] = []

  package init() {}

  /// Adds the cases of `result`, the run of `suite`.
  package mutating func record(_ suite: RuleSuite, _ result: SuiteResult) {
    let path = FilePath.normalized(suite.rulesFile)
    let position: Int
    if let found = files.firstIndex(where: { $0.path == path }) {
      position = found
    } else {
      files.append(FileCoverage(path: path, source: suite.source, coverage: RuleCoverage(suite.ruleset)))
      position = files.count - 1
    }
    for outcome in result.cases.map(\.outcome) {
      switch outcome {
      case .single(let decision):
        files[position].coverage.record(decision.trace)
      case .batch(let batch):
        for decision in batch.decisions { files[position].coverage.record(decision.trace) }
      case .list(let proof):
        Self.record(proof, into: &files[position].coverage)
      case .refused:
        break  // refused before the rules ran: nothing was evaluated
      }
    }
  }

  /// A query proof's part: the blocks covering the query, and every attempted allow per branch.
  static func record(_ proof: ListProof, into coverage: inout RuleCoverage) {
    coverage.recordMatches(patterns: proof.matches)
    for branch in proof.branches {
      for attempt in branch.attempts {
        coverage.recordAllow(attempt.range) { counts in
          counts.proved += 1
          switch attempt.outcome {
          case .granted: counts.granted += 1
          case .denied, .unprovable: counts.denied += 1
          case .error: counts.errors += 1
          }
        }
      }
    }
  }

  /// Every file's summary added up.
  package var total: CoverageSummary {
    files.map(\.summary).reduce(CoverageSummary(), +)
  }
}
