import FirestoreModel
import IndexAdvisor

/// Renders an index plan: a few lines per section for people, or one JSON object.
package enum IndexPlanRenderer {
  /// The plan for people. Query texts, file names and the collection and field names taken
  /// from them are the user's: control and bidirectional characters are shown escaped.
  /// `wording` is how the front end names the budgets and what changes them (`flint indexes`'s
  /// options; the REPL has none and words them itself).
  package static func text(_ plan: IndexPlan, queries: [WorkloadQuery], wording: BudgetWording = .options) -> String {
    let users = usersByEntry(plan, queries)
    var out = "plan: \(queries.count) quer\(queries.count == 1 ? "y" : "ies"), \(plan.servedCount) served"
    out += plan.unserved.isEmpty ? "\n" : ", \(plan.unserved.count) unserved\n"
    section(&out, "added", plan.added.map { "+ \($0)\(usedBy(users[ManifestWriter.json($0)]))" })
    section(&out, "overrides", plan.overrides.map { "+ \($0)\(usedBy(users[ManifestWriter.json($0)]))" })
    section(&out, "kept", plan.kept.map { "= \($0)\(usedBy(users[ManifestWriter.json($0)]))" })
    let unusedNote =
      plan.pruned ? " (removed: \(wording.prune))" : " (no query uses it; \(wording.prune) removes it)"
    section(&out, "unused", plan.unused.map { "- \($0)\(unusedNote)" })
    unservedSection(&out, plan.unserved, wording: wording)
    out += "budget: \(plan.compositeCount)/\(plan.compositeLimit) composite, "
    out += "\(plan.overrideCount)/\(plan.overrideLimit) overrides\n"
    for line in IndexPlanVerdict.overBudget(plan, wording: wording) { out += line + "\n" }
    out += IndexPlanVerdict.optimality(plan, queries: queries, wording: wording) + "\n"
    return VisibleText.escapedLines(out)
  }

  /// `flint indexes --check`: the queries the existing manifest (named `existing`; nil: only
  /// the automatic indexes) does not serve, then the verdict (the user's query texts and names
  /// escaped). The queries at the indexes `dead` (in code nothing calls) are left out of both:
  /// those not served are counted in one line after the verdict.
  /// `manifest` is the name of the manifest the plan was checked against (given with `--existing`
  /// or found through `firebase.json`), nil when there is none.
  package static func checkText(
    _ plan: IndexPlan, queries: [WorkloadQuery], manifest: String?, dead: Set<Int> = []
  ) -> String {
    var text = ""
    var deadUnserved: [Int] = []
    for (q, served) in plan.servedByExisting.enumerated() where !served && q < queries.count {
      // A query in code nothing calls is no bug of the running app: summarized once below.
      if dead.contains(q) {
        deadUnserved.append(q)
        continue
      }
      let serving = plan.existingServings[q]
      text += "\(queries[q].place): not served: \(queries[q].text)\n"
      for index in serving.missingIndexes { text += "  needs \(index)\n" }
      for override in serving.missingOverrides { text += "  needs override \(override)\n" }
    }
    // The verdict is about every query but those.
    let unserved = plan.servedByExisting.enumerated().filter { !$0.element && !dead.contains($0.offset) }.count
    let judged = queries.count - deadUnserved.count
    for overrun in plan.overruns { text += "over budget: \(overrunText(overrun))\n" }
    text +=
      unserved == 0
      ? IndexCheckSummary.allServed(plan.existingServings.filter(\.isServed), manifest: manifest) + "\n"
      : "check: \(unserved) of \(judged) queries are not served; run without --check to add the indexes\n"
    if !deadUnserved.isEmpty { text += IndexCheckSummary.deadUnserved(deadUnserved.map { queries[$0].place }) + "\n" }
    return VisibleText.escapedLines(text)
  }

  /// The plan as one JSON object; `manifest` adds the merged manifest, `sources` the keys of what
  /// reading app source found (`invalid`, `unresolved`, `skipped`).
  package static func json(_ plan: IndexPlan, queries: [WorkloadQuery], manifest: Bool, sources: JSONObject = [:])
    -> String
  {
    let users = usersByEntry(plan, queries)
    func entries(_ values: [JSONValue]) -> JSONValue {
      .array(
        values.map { value in
          .object(["index": value, "usedBy": .array((users[value] ?? []).map(JSONValue.string))])
        })
    }
    var root: JSONObject = [
      "queries": .int(Int64(queries.count)),
      "served": .int(Int64(plan.servedCount)),
      "added": entries(plan.added.map(ManifestWriter.json)),
      "overrides": entries(plan.overrides.map(ManifestWriter.json)),
      "kept": entries(plan.kept.map(ManifestWriter.json)),
      "unused": .array(plan.unused.map(ManifestWriter.json)),
      "pruned": .bool(plan.pruned),
      "unserved": .array(
        plan.unserved.map { item in
          .object([
            "place": .string(item.query.place), "query": .string(item.query.text), "reason": .string(reasonText(item)),
            "indexes": .array(item.missingIndexes.map(ManifestWriter.json)),
            "fieldOverrides": .array(item.missingOverrides.map(ManifestWriter.json)),
          ])
        }),
      "budget": .object([
        "composite": .int(Int64(plan.compositeCount)), "compositeLimit": .int(Int64(plan.compositeLimit)),
        "overrides": .int(Int64(plan.overrideCount)), "overrideLimit": .int(Int64(plan.overrideLimit)),
      ]),
      "overBudget": .array(
        plan.overruns.map { overrun in
          .object([
            "entries": .string(overrun.entries.rawValue), "count": .int(Int64(overrun.count)),
            "limit": .int(Int64(overrun.limit)), "prunable": .int(Int64(overrun.prunable)),
            "message": .string(overrunText(overrun)),
          ])
        }),
      "budgetLimited": .bool(plan.isBudgetLimited),
      "optimality": .string(IndexPlanVerdict.optimality(plan, queries: queries)),
      "newIndexes": .int(Int64(plan.unboundedAdded)),
      "lowerBound": .int(Int64(plan.lowerBound)),
      "unservedByExisting": .array(
        plan.existingServings.enumerated().compactMap { q, serving in
          serving.isServed || q >= queries.count ? nil : .string(queries[q].place)
        }),
    ]
    for member in sources.members { root[member.key] = member.value }
    if manifest, let parsed = try? JSONParser.parse(ManifestWriter.text(plan.manifest)) { root["manifest"] = parsed }
    return JSONValue.object(root).text() + "\n"
  }

  /// For each manifest entry (by its JSON form), the places of the queries it serves.
  static func usersByEntry(_ plan: IndexPlan, _ queries: [WorkloadQuery]) -> [JSONValue: [String]] {
    var indexUsers: [CompositeIndex.ComparisonKey: (CompositeIndex, [String])] = [:]
    var overrideUsers: [String: (FieldOverride, [String])] = [:]
    // Queries with the same text are served alike: their entries are worked out once.
    var entriesByText: [String: [ManifestEntry]] = [:]
    for (q, serving) in plan.servings.enumerated() where q < queries.count {
      let entries = entriesByText[queries[q].text] ?? serving.servedBy
      entriesByText[queries[q].text] = entries
      for entry in entries {
        switch entry {
        // Variants of one conditionally built source query share a place: it is named once.
        case .index(let index):
          if indexUsers[index.comparisonKey]?.1.last != queries[q].place {
            indexUsers[index.comparisonKey, default: (index, [])].1.append(queries[q].place)
          }
        case .override(let override):
          if overrideUsers[override.key]?.1.last != queries[q].place {
            overrideUsers[override.key, default: (override, [])].1.append(queries[q].place)
          }
        }
      }
    }
    var users: [JSONValue: [String]] = [:]
    for (index, places) in indexUsers.values { users[ManifestWriter.json(index)] = places }
    for (override, places) in overrideUsers.values { users[ManifestWriter.json(override)] = places }
    return users
  }

  private static func usedBy(_ places: [String]?) -> String {
    guard let places, !places.isEmpty else { return "" }
    let shown = places.prefix(3).joined(separator: ", ")
    return "  <- \(shown)\(places.count > 3 ? " and \(places.count - 3) more" : "")"
  }

  /// `unserved (N):` and two lines or more per query, appended in place (a workload over
  /// budget may leave 100,000 queries unserved). Queries of the same text need the same
  /// entries: their `needs` lines are worded once.
  private static func unservedSection(_ out: inout String, _ unserved: [UnservedQuery], wording: BudgetWording) {
    guard !unserved.isEmpty else { return }
    out.reserveCapacity(out.utf8.count + unserved.count * 240)
    out += "unserved (\(unserved.count)):\n"
    var needsByText: [String: String] = [:]
    for item in unserved {
      out += "  ! "
      out += item.query.file
      out += ":"
      out += String(item.query.line)
      out += ": "
      out += item.query.text
      out += ": "
      out += reasonText(item, wording: wording)
      out += "\n"
      if let lines = needsByText[item.query.text] {
        out += lines
        continue
      }
      var lines = ""
      for index in item.missingIndexes { lines += "      needs \(index)\n" }
      for override in item.missingOverrides { lines += "      needs override \(override)\n" }
      needsByText[item.query.text] = lines
      out += lines
    }
  }

  private static func section(_ out: inout String, _ title: String, _ lines: [String], count: Int? = nil) {
    guard !lines.isEmpty else { return }
    out += "\(title) (\(count ?? lines.count)):\n"
    for line in lines { out += "  \(line)\n" }
  }
}
