import FirestoreModel

/// Keeps the plan within `--limit` and `--override-limit`: when the indexes every query
/// needs do not fit, queries are taken by weight per new entry they need (weighted
/// coverage), repeatedly, as long as their entries fit; the others stay unserved.
struct BudgetSelection {
  let table: NeedTable
  /// Per need: how the unbounded plan serves it.
  let fullServing: [BranchServing]
  let added: [CompositeIndex]
  let overrides: [FieldOverride]
  let base: IndexManifest
  let options: PlanOptions

  struct Chosen {
    var indexes: [CompositeIndex]
    var overrides: [FieldOverride]
    var compositeRoom: Int
    var overrideRoom: Int

    /// Why a query stays unserved: what it needs, and `why` (the budget) when given.
    func reason(_ serving: QueryServing, why: String?) -> String {
      let indexes = serving.missingIndexes.count
      let overrides = serving.missingOverrides.count
      var parts: [String] = []
      if indexes > 0 { parts.append("\(indexes) composite index\(indexes == 1 ? "" : "es")") }
      if overrides > 0 { parts.append("\(overrides) field override\(overrides == 1 ? "" : "s")") }
      let what = parts.isEmpty ? "more indexes" : parts.joined(separator: " and ")
      return why.map { "needs \(what); \($0)" } ?? "needs \(what)"
    }
  }

  func choose() -> Chosen {
    let baseOverrideKeys = Set(base.fieldOverrides.map(\.key))
    let newOverrideKeys = overrides.filter { !baseOverrideKeys.contains($0.key) }
    let compositeRoom = max(0, options.compositeLimit - base.indexes.count)
    let overrideRoom = max(0, options.overrideLimit - base.fieldOverrides.count)
    if added.count <= compositeRoom, newOverrideKeys.count <= overrideRoom {
      return Chosen(indexes: added, overrides: overrides, compositeRoom: compositeRoom, overrideRoom: overrideRoom)
    }
    // What each distinct set of needs costs in new entries (shared queries grouped).
    let addedPosition = Dictionary(added.enumerated().map { ($1.comparisonKey, $0) }, uniquingKeysWith: { a, _ in a })
    let overridePosition = Dictionary(overrides.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { a, _ in a })
    var groups: [[Int]: (weight: Int, indexes: Set<Int>, overrides: Set<Int>, first: Int)] = [:]
    var needCost: [Int: (Set<Int>, Set<Int>)] = [:]
    for (q, ids) in table.queryNeeds.enumerated() {
      var indexes = Set<Int>()
      var overrideSet = Set<Int>()
      for id in ids {
        let cost = needCost[id] ?? cost(of: fullServing[id], addedPosition, overridePosition)
        needCost[id] = cost
        indexes.formUnion(cost.0)
        overrideSet.formUnion(cost.1)
      }
      if indexes.isEmpty, overrideSet.isEmpty { continue }
      let weight = table.queryWeights[q]
      if var group = groups[ids] {
        group.weight = group.weight &+ weight
        groups[ids] = group
      } else {
        groups[ids] = (weight, indexes, overrideSet, q)
      }
    }
    var remaining = groups.values.sorted { $0.first < $1.first }
    var pickedIndexes = Set<Int>()
    var pickedOverrides = Set<Int>()
    var progress = true
    while progress {
      progress = false
      remaining.sort { a, b in
        let ca = a.indexes.subtracting(pickedIndexes).count + a.overrides.subtracting(pickedOverrides).count
        let cb = b.indexes.subtracting(pickedIndexes).count + b.overrides.subtracting(pickedOverrides).count
        let (ra, rb) = (Double(a.weight) / Double(max(ca, 1)), Double(b.weight) / Double(max(cb, 1)))
        return ra != rb ? ra > rb : a.first < b.first
      }
      var next: [(weight: Int, indexes: Set<Int>, overrides: Set<Int>, first: Int)] = []
      for group in remaining {
        let newIndexes = group.indexes.subtracting(pickedIndexes)
        let newOverrides = group.overrides.subtracting(pickedOverrides)
        let newOverrideKeys = newOverrides.filter { !baseOverrideKeys.contains(overrides[$0].key) }
        let usedOverrideKeys = pickedOverrides.filter { !baseOverrideKeys.contains(overrides[$0].key) }.count
        if pickedIndexes.count + newIndexes.count <= compositeRoom, usedOverrideKeys + newOverrideKeys.count <= overrideRoom {
          pickedIndexes.formUnion(newIndexes)
          pickedOverrides.formUnion(newOverrides)
          progress = progress || !newIndexes.isEmpty || !newOverrides.isEmpty
        } else {
          next.append(group)
        }
      }
      remaining = next
    }
    return Chosen(
      indexes: pickedIndexes.sorted().map { added[$0] }, overrides: pickedOverrides.sorted().map { overrides[$0] },
      compositeRoom: compositeRoom, overrideRoom: overrideRoom)
  }

  /// The positions of the added indexes and overrides the need uses in the unbounded plan.
  private func cost(
    of serving: BranchServing, _ addedPosition: [CompositeIndex.ComparisonKey: Int], _ overridePosition: [String: Int]
  ) -> (Set<Int>, Set<Int>) {
    var indexes = Set<Int>()
    var overrideSet = Set<Int>()
    for entry in serving.servedBy.entries {
      switch entry {
      case .index(let index): if let p = addedPosition[index.comparisonKey] { indexes.insert(p) }
      case .override(let override): if let p = overridePosition[override.key] { overrideSet.insert(p) }
      }
    }
    return (indexes, overrideSet)
  }
}

