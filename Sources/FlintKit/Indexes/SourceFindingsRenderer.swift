import FirestoreModel
import SourceQueries

/// What reading app source found besides plannable queries, as `flint indexes` words it:
/// queries Firestore refuses (findings at their place), unresolved queries (capped, with one
/// count line), and the files skipped as not the app's own source (one note).
package enum SourceFindingsRenderer {
  /// How many unresolved queries are listed by default (`--show-unresolved`).
  package static let unresolvedShownByDefault = 10

  /// `file:line:col: error: Firestore refuses this query: <SDK message>` and the query under it.
  package static func invalidText(_ invalid: [InvalidSourceQuery]) -> String {
    var out = ""
    for item in invalid {
      out += "\(item.place.file):\(item.place.line):\(item.place.column): error: Firestore refuses this query: "
      out += "\(item.message)\n  \(item.query)\n"
    }
    return VisibleText.escapedLines(out)
  }

  /// The first `shown` unresolved queries (nil: all), one warning line each, then one line
  /// counting the rest and naming the option that lists them.
  package static func unresolvedText(_ unresolved: [UnresolvedQuery], shown: Int?) -> String {
    let limit = min(shown ?? unresolved.count, unresolved.count)
    var out = ""
    for item in unresolved.prefix(limit) {
      out += VisibleText.escaped(
        "\(item.place.file):\(item.place.line):\(item.place.column): warning: unresolved query (\(item.reason)): \(item.text)",
        keepingTabs: false)
      out += "\n"
    }
    let hidden = unresolved.count - limit
    if hidden > 0 {
      out += "warning: \(hidden) more unresolved source \(hidden == 1 ? "query" : "queries") not listed "
      out += "(\(unresolved.count) in all; --show-unresolved all lists them)\n"
    }
    return out
  }

  /// `flint: note: skipped 7 files that are not the app's own source (3 bundled or minified,
  /// 1 vendored, 2 test, 1 generated); --include-all reads them`, or nil when none was skipped.
  package static func skippedNote(_ skipped: [SkippedSource]) -> String? {
    guard !skipped.isEmpty else { return nil }
    let counts = countsByReason(skipped)
    let parts = counts.map { "\($0.count) \($0.reason.summaryWords)" }.joined(separator: ", ")
    return "flint: note: skipped \(skipped.count) \(skipped.count == 1 ? "file" : "files") that "
      + "\(skipped.count == 1 ? "is" : "are") not the app's own source (\(parts)); --include-all reads them"
  }

  /// `"invalid"`, `"unresolved"` and `"skipped"` for the plan's JSON.
  package static func json(invalid: [InvalidSourceQuery], unresolved: [UnresolvedQuery], skipped: [SkippedSource])
    -> JSONObject
  {
    var skippedCounts = JSONObject()
    for (reason, count) in countsByReason(skipped) { skippedCounts[reason.rawValue] = .int(Int64(count)) }
    return [
      "invalid": .array(
        invalid.map { item in
          .object([
            "place": .string("\(item.place.file):\(item.place.line):\(item.place.column)"),
            "query": .string(item.query), "message": .string(item.message),
          ])
        }),
      "unresolved": .array(
        unresolved.map { item in
          .object([
            "place": .string("\(item.place.file):\(item.place.line):\(item.place.column)"),
            "reason": .string(item.reason), "text": .string(item.text),
          ])
        }),
      "skipped": .object(skippedCounts),
    ]
  }

  private static func countsByReason(_ skipped: [SkippedSource]) -> [(reason: AppSourceFilter.Reason, count: Int)] {
    AppSourceFilter.Reason.allCases.compactMap { reason in
      let count = skipped.filter { $0.reason == reason }.count
      return count == 0 ? nil : (reason, count)
    }
  }
}
