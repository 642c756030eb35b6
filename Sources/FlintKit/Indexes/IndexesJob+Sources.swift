import FirestoreModel
import SourceQueries

/// What `flint indexes` says about app source beside the plan.
extension IndexesJob {
  /// `--list-queries`: the queries found (JSON or one line each) on stdout; files that are not
  /// text on stderr (exit 2); the skipped files in one note.
  static func listQueries(_ input: Input, _ output: inout Output) {
    if !output.problems.isEmpty { output.error(WorkloadProblemRenderer.text(output.problems)) }
    output.out(
      input.format == .json
        ? JSONWriter.text(SourceQueryListing.json(output.extraction), style: .pretty) + "\n"
        : VisibleText.escapedLines(SourceQueryListing.text(output.extraction)))
    skippedNote(&output)
    if !output.problems.isEmpty { output.fail(.usage) }
  }

  /// The one note naming how many source files were skipped, why, and the option that reads them.
  static func skippedNote(_ output: inout Output) {
    if let note = SourceFindingsRenderer.skippedNote(output.skipped) { output.error(note) }
  }

  /// The plan JSON's `invalid`, `unresolved` and `skipped` keys.
  static func sourcesJSON(_ output: Output) -> JSONObject {
    SourceFindingsRenderer.json(invalid: output.invalid, unresolved: output.unresolved, skipped: output.skipped)
  }

  /// `check: 1 query is refused by Firestore (above): ...`, or nothing.
  static func invalidVerdict(_ invalid: [InvalidSourceQuery]) -> String {
    guard !invalid.isEmpty else { return "" }
    let count = invalid.count
    return "check: \(count) \(count == 1 ? "query is" : "queries are") refused by Firestore (listed above); "
      + "fix \(count == 1 ? "it" : "them") in the code: no index serves \(count == 1 ? "it" : "them")\n"
  }
}
