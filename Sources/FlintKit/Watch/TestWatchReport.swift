import FirestoreModel

/// What `flint test --watch` prints after a re-run: each case whose outcome changed (a failing
/// case as its usual block, one now passing as `PASS file: name`, one removed as
/// `GONE file: name`), then `N passed, M failed` for every suite.
package enum TestWatchReport {
  /// One entry per case, keyed by suite file and name (a repeated name gets `#2`, `#3`...): empty
  /// text when it passed, its failure block otherwise.
  package static func entries(_ results: [SuiteResult], explain: ExplainLevel = .short) -> [WatchChanges.Entry] {
    var entries: [WatchChanges.Entry] = []
    for result in results {
      var seen: [String: Int] = [:]
      for outcome in result.cases {
        seen[outcome.name, default: 0] += 1
        let occurrence = seen[outcome.name]!
        let key = "\(result.file): \(outcome.name)" + (occurrence > 1 ? " #\(occurrence)" : "")
        let text = outcome.passed ? "" : SuiteReport.block(outcome, in: result, explain: explain)
        entries.append(WatchChanges.Entry(key: key, text: text))
      }
    }
    return entries
  }

  /// The changes from `old` to `new`, then the summary of `new`.
  package static func changes(from old: [SuiteResult], to new: [SuiteResult], explain: ExplainLevel = .short)
    -> String
  {
    let diff = WatchChanges.diff(old: entries(old, explain: explain), new: entries(new, explain: explain))
    var out = ""
    for entry in diff.changed { out += entry.text.isEmpty ? "PASS \(entry.key)\n" : entry.text + "\n" }
    for key in diff.gone { out += "GONE \(key)\n" }
    // Keys hold the user's file and case names.
    return VisibleText.escapedLines(out) + SuiteReport.summary(new) + "\n"
  }
}
