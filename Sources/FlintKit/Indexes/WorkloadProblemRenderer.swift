import FirestoreModel
import IndexAdvisor

/// The bad lines of workload files as `flint indexes` prints them, capped per file as
/// `flint check` caps diagnostics (`DiagnosticRenderer.maxShownPerFile`).
package enum WorkloadProblemRenderer {
  /// How many bad lines of one file are printed; the rest are counted in one line.
  package static let maxShownPerFile = 50

  /// The problems as lines for the terminal: at most `maxShownPerFile` per file, then
  /// `name: and 12 more errors` after that file's lines. Names and messages are escaped
  /// (`WorkloadProblem.description`). Problems come grouped by file, in the order read.
  package static func text(_ problems: [WorkloadProblem]) -> String {
    var out = ""
    var start = problems.startIndex
    while start < problems.endIndex {
      let file = problems[start].file
      let end = problems[start...].firstIndex { $0.file != file } ?? problems.endIndex
      for problem in problems[start..<end].prefix(maxShownPerFile) { out += problem.description + "\n" }
      let hidden = end - start - maxShownPerFile
      if hidden > 0 {
        out += "\(VisibleText.escaped(file, keepingTabs: false)): and \(hidden) more error\(hidden == 1 ? "" : "s")\n"
      }
      start = end
    }
    return out
  }
}
