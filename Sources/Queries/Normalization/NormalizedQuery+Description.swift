extension NormalizedQuery: CustomStringConvertible {
  /// A multi-line summary: scope, DNF branches, normalized (and wire) order, limits,
  /// cursors, projection and aggregations. Stable: goldens and the CLI print it.
  package var description: String {
    var lines = ["scope: \(scope)"]
    if !filters.isEmpty {
      let rendered = branches.map { "(" + $0.map(\.description).joined(separator: " && ") + ")" }
      lines.append("branches: " + rendered.joined(separator: " || "))
      lines.append("disjunctions: \(disjunctionCount)")
    }
    lines.append("orderBy: " + orderBy.map(\.description).joined(separator: ", "))
    if isLimitToLast {
      lines.append("wire orderBy: " + wireOrderBy.map(\.description).joined(separator: ", "))
    }
    if let limit { lines.append("\(isLimitToLast ? "limitToLast" : "limit"): \(limit)") }
    if let offset { lines.append("offset: \(offset)") }
    if let startAt { lines.append("start: \(startAt)") }
    if let endAt { lines.append("end: \(endAt)") }
    if let projection { lines.append("select: " + projection.map(\.description).joined(separator: ", ")) }
    if !aggregations.isEmpty { lines.append("aggregate: " + aggregations.map(\.alias).joined(separator: ", ")) }
    return lines.joined(separator: "\n")
  }
}
