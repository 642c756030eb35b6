import FirestoreModel

/// Keeps the plan within the budgets (`PlanOptions`): when the indexes every query
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
    var groupOf: [[Int]: Int] = [:]
    var groups: [Group] = []
    var needCost: [Int: (Set<Int>, Set<Int>)] = [:]
    for (q, ids) in table.queryNeeds.enumerated() {
      if let g = groupOf[ids] {
        if g >= 0 { groups[g].weight = groups[g].weight &+ table.queryWeights[q] }
        continue
      }
      var indexes = Set<Int>()
      var overrideSet = Set<Int>()
      for id in ids {
        let cost = needCost[id] ?? cost(of: fullServing[id], addedPosition, overridePosition)
        needCost[id] = cost
        indexes.formUnion(cost.0)
        overrideSet.formUnion(cost.1)
      }
      if indexes.isEmpty, overrideSet.isEmpty {
        groupOf[ids] = -1  // served without new entries
        continue
      }
      groupOf[ids] = groups.count
      groups.append(
        Group(weight: table.queryWeights[q], indexes: indexes.sorted(), overrides: overrideSet.sorted(), first: q))
    }
    let isBaseOverride = overrides.map { baseOverrideKeys.contains($0.key) }
    var pickedIndex = [Bool](repeating: false, count: added.count)
    var pickedOverride = [Bool](repeating: false, count: overrides.count)
    var pickedIndexCount = 0
    var pickedNewOverrideKeys = 0
    var remaining = groups
    var progress = true
    // Greedy weighted coverage: in rounds, groups by weight per entry they still need (their
    // cost falls as entries they share are picked), each taken when its entries still fit.
    // Costs are counted once per round (no sets built while sorting): linear per round.
    while progress {
      progress = false
      let ranked = remaining.map { group -> (ratio: Double, group: Group) in
        let cost = group.indexes.count { !pickedIndex[$0] } + group.overrides.count { !pickedOverride[$0] }
        return (Double(group.weight) / Double(max(cost, 1)), group)
      }.sorted { a, b in a.ratio != b.ratio ? a.ratio > b.ratio : a.group.first < b.group.first }
      var next: [Group] = []
      for (_, group) in ranked {
        let newIndexes = group.indexes.count { !pickedIndex[$0] }
        let newOverrides = group.overrides.filter { !pickedOverride[$0] }
        let newOverrideKeys = newOverrides.count { !isBaseOverride[$0] }
        guard pickedIndexCount + newIndexes <= compositeRoom, pickedNewOverrideKeys + newOverrideKeys <= overrideRoom
        else {
          next.append(group)
          continue
        }
        for i in group.indexes where !pickedIndex[i] { pickedIndex[i] = true }
        for i in newOverrides { pickedOverride[i] = true }
        pickedIndexCount += newIndexes
        pickedNewOverrideKeys += newOverrideKeys
        progress = progress || newIndexes > 0 || !newOverrides.isEmpty
      }
      remaining = next
    }
    return Chosen(
      indexes: added.indices.filter { pickedIndex[$0] }.map { added[$0] },
      overrides: overrides.indices.filter { pickedOverride[$0] }.map { overrides[$0] },
      compositeRoom: compositeRoom, overrideRoom: overrideRoom)
  }

  /// Queries with the same needs: their total weight, the new entries they need (positions in
  /// `added` and `overrides`, ascending) and the first query's position (for ties).
  private struct Group {
    var weight: Int
    var indexes: [Int]
    var overrides: [Int]
    var first: Int
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

