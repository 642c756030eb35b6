import IndexAdvisor

/// The verdict line of `flint indexes --check` when every query is served, worded from what
/// served them: composite indexes or field overrides of the manifest, or the automatic
/// single-field indexes (the document-key order included), with counts.
package enum IndexCheckSummary {
  /// `check: all 11 queries are served: 6 by composite indexes in firestore.indexes.json, 5 by
  /// automatic single-field indexes`. `manifest` is the manifest's name, nil when there is none.
  package static func allServed(_ servings: [QueryServing], manifest: String?) -> String {
    var composite = 0
    var overrides = 0
    var automatic = 0
    for serving in servings {
      let entries = serving.servedBy
      if entries.contains(where: { if case .index = $0 { true } else { false } }) {
        composite += 1
      } else if !entries.isEmpty {
        overrides += 1
      } else {
        automatic += 1
      }
    }
    let place = manifest.map { " in \($0)" } ?? ""
    var parts: [String] = []
    if composite > 0 { parts.append("\(composite) by composite indexes\(place)") }
    if overrides > 0 { parts.append("\(overrides) by field overrides\(place)") }
    if automatic > 0 { parts.append("\(automatic) by automatic single-field indexes") }
    let head = servings.count == 1 ? "check: the query is served" : "check: all \(servings.count) queries are served"
    if parts.count == 1, let only = parts.first {
      // One source: "served by composite indexes in m.json", without the count repeated.
      return head + " " + only.drop { $0 != " " }.dropFirst()
    }
    return head + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
  }

  /// The line after the verdict for the queries in code nothing calls that the manifest does
  /// not serve (not counted in it, no failure): how many, their first places, how to see them.
  /// (Variants of one query share a place: it is named once.)
  package static func deadUnserved(_ places: [String]) -> String {
    var distinct: [String] = []
    var seen: Set<String> = []
    for place in places where seen.insert(place).inserted { distinct.append(place) }
    let shown = distinct.prefix(5).joined(separator: ", ")
    let more = distinct.count > 5 ? " and \(distinct.count - 5) more places" : ""
    let noun = places.count == 1 ? "query" : "queries"
    return "note: \(places.count) unserved \(noun) in code nothing calls (a file nothing imports, a function "
      + "nothing names), not counted: \(shown)\(more); --list-queries marks them \"dead\""
  }
}
