import FirestoreModel

/// The smallest set of composite indexes and field overrides that serves a workload, within
/// the budgets. Queries are reduced to their distinct DNF branch needs (one index serves
/// every query of the same normalized shape, equality fields in any order); then:
///
/// 1. needs only an exact composite can serve (inequalities, aggregations, no equality to
///    merge) get it: each such index is necessary;
/// 2. needs Firestore can serve by merging (equalities under one order) are taken from the
///    fewest equality fields up: covered by merging what exists, else given the one missing
///    member (or the full index when nothing covers any part);
/// 3. indexes added in step 2 that later additions made redundant are dropped again;
/// 4. over budget, queries are kept by weight per new index (weighted coverage), and the
///    rest are listed as unserved with the indexes they would need.
package enum WorkloadOptimizer {
  package static func plan(_ queries: [WorkloadQuery], existing: IndexManifest, options: PlanOptions = PlanOptions())
    -> IndexPlan
  {
    let table = NeedTable(queries)
    let existingCheck = ServingCheck(existing)
    let existingServing = table.needs.map(existingCheck.serving)
    var builder = PlanBuilder(check: existingCheck)

    addExactIndexes(table, existingServing, to: &builder)
    let necessary = builder.added.count
    let merged = addMergeIndexes(table, existingServing, to: &builder)
    // Step 3: drop merge members that later additions made redundant.
    builder.pruneRedundant(after: necessary, needs: table.needs, buckets: table.bucketMembers)
    let unboundedAdded = builder.added.count

    let fullServing = table.needs.map(builder.check.serving)
    let usedKeys = indexesInUse(existing, table, fullServing)
    let unused = existing.indexes.filter { !usedKeys.contains($0.comparisonKey) }
    let kept = existing.indexes.filter { usedKeys.contains($0.comparisonKey) }

    // Step 4: the budget.
    var base = existing
    if options.prune { base.indexes.removeAll { !usedKeys.contains($0.comparisonKey) } }
    let chosen = BudgetSelection(
      table: table, fullServing: fullServing, added: builder.added, overrides: builder.overrides, base: base,
      options: options
    ).choose()
    let manifest = adding(chosen, to: base)

    let cut = BudgetCut(
      overCompositeLimit: base.indexes.count > options.compositeLimit,
      overOverrideLimit: base.fieldOverrides.count > options.overrideLimit,
      indexesCut: chosen.indexes.count < builder.added.count,
      overridesCut: chosen.overrides.count < builder.overrides.count)
    let (servings, unserved) = finalServings(queries, table, manifest: manifest, cut: cut, options: options)
    let overruns = budgetOverruns(base, cut: cut, unused: unused, unserved: unserved, options: options)
    let lowerBound = necessary + merged.forced + merged.bucketsNeedingMore
    return IndexPlan(
      manifest: manifest, added: chosen.indexes, overrides: chosen.overrides, kept: kept, unused: unused,
      pruned: options.prune, unserved: unserved,
      existingServings: existingServings(queries.count, table, existingServing), servings: servings,
      compositeLimit: options.compositeLimit, overrideLimit: options.overrideLimit,
      lowerBound: min(lowerBound, unboundedAdded), unboundedAdded: unboundedAdded, overruns: overruns)
  }

  /// Step 1: needs only an exact composite can serve get it (each such index is necessary).
  private static func addExactIndexes(
    _ table: NeedTable, _ existingServing: [BranchServing], to builder: inout PlanBuilder
  ) {
    for (id, need) in table.needs.enumerated() where !existingServing[id].isServed && !isMergeCandidate(need) {
      builder.serve(need)
    }
  }

  /// Step 2: merge candidates, fewest equality fields first, heaviest first (the keys are worked
  /// out once). Returns what the lower bound counts: indexes forced by one-field prefixes, and the
  /// buckets that needed more than merging what exists.
  private static func addMergeIndexes(
    _ table: NeedTable, _ existingServing: [BranchServing], to builder: inout PlanBuilder
  ) -> (forced: Int, bucketsNeedingMore: Int) {
    let prefixCounts = table.needs.map(\.prefixCount)
    let mergeIDs = table.needs.indices.filter { !existingServing[$0].isServed && isMergeCandidate(table.needs[$0]) }
      .sorted { a, b in
        if prefixCounts[a] != prefixCounts[b] { return prefixCounts[a] < prefixCounts[b] }
        return table.weights[a] > table.weights[b]
      }
    var forced = 0
    var bucketsNeedingMore = Set<NeedTable.Bucket>()
    for id in mergeIDs {
      let need = table.needs[id]
      let before = builder.added.count
      builder.serve(need)
      guard builder.added.count > before else { continue }
      if need.prefixCount == 1 {
        forced += builder.added.count - before
      } else {
        bucketsNeedingMore.insert(.init(need))
      }
    }
    return (forced, bucketsNeedingMore.count)
  }

  /// The existing indexes some query uses: not merely those the plan chose, but those any query of
  /// the workload could use (`IndexShape.canServe`), so `--prune` never removes an index a query
  /// might be served by.
  private static func indexesInUse(_ existing: IndexManifest, _ table: NeedTable, _ fullServing: [BranchServing])
    -> Set<CompositeIndex.ComparisonKey>
  {
    var usedKeys = Set<CompositeIndex.ComparisonKey>()
    for serving in fullServing {
      for entry in serving.servedBy.entries {
        if case .index(let index) = entry { usedKeys.insert(index.comparisonKey) }
      }
    }
    var needsOfGroup: [String: [Int]] = [:]
    for (id, need) in table.needs.enumerated() { needsOfGroup[need.collectionGroup, default: []].append(id) }
    for index in existing.indexes where !usedKeys.contains(index.comparisonKey) {
      let ids = needsOfGroup[index.collectionGroup] ?? []
      if ids.contains(where: { IndexShape.canServe(index, table.needs[$0]) }) { usedKeys.insert(index.comparisonKey) }
    }
    return usedKeys
  }

  /// `base` with the chosen indexes and overrides added. An override only ever gains indexes; a
  /// field with duplicate overrides (the reader warned) gets them in every copy, each keeping its
  /// own others, so none loses an index and the indexes they all list (what serving counts)
  /// include the new ones.
  private static func adding(_ chosen: BudgetSelection.Chosen, to base: IndexManifest) -> IndexManifest {
    var manifest = base
    manifest.indexes += chosen.indexes
    for override in chosen.overrides {
      var found = false
      for i in manifest.fieldOverrides.indices where manifest.fieldOverrides[i].key == override.key {
        found = true
        for index in override.indexes where !manifest.fieldOverrides[i].has(index) {
          manifest.fieldOverrides[i].indexes.append(index)
        }
      }
      if !found { manifest.fieldOverrides.append(override) }
    }
    return manifest
  }

  /// What the budget did: which limits the manifest already exceeds, which additions it cut.
  private struct BudgetCut {
    var overCompositeLimit: Bool
    var overOverrideLimit: Bool
    var indexesCut: Bool
    var overridesCut: Bool

    /// Why a query the final manifest does not serve stays unserved.
    func reason(missingIndexes: Bool, missingOverrides: Bool, options: PlanOptions) -> UnservedReason? {
      if overCompositeLimit, missingIndexes { return .manifestAlreadyOver(.composite, limit: options.compositeLimit) }
      if overOverrideLimit, missingOverrides { return .manifestAlreadyOver(.overrides, limit: options.overrideLimit) }
      if indexesCut, missingIndexes { return .overBudget(.composite, limit: options.compositeLimit) }
      if overridesCut, missingOverrides { return .overBudget(.overrides, limit: options.overrideLimit) }
      if indexesCut || overridesCut { return .overBothBudgets }
      return nil
    }
  }

  /// Each query's serving by the final manifest, and the queries it leaves unserved (queries of
  /// one text share the first one's answer).
  private static func finalServings(
    _ queries: [WorkloadQuery], _ table: NeedTable, manifest: IndexManifest, cut: BudgetCut, options: PlanOptions
  ) -> (servings: [QueryServing], unserved: [UnservedQuery]) {
    let finalCheck = ServingCheck(manifest)
    let needServing = table.needs.map(finalCheck.serving)
    var servings: [QueryServing] = []
    var unserved: [UnservedQuery] = []
    servings.reserveCapacity(queries.count)
    // Per first query of a text, its place in `unserved`: the others of that text reuse it.
    var unservedOfText: [Int: Int] = [:]
    for (q, query) in queries.enumerated() {
      let first = table.firstOfText[q]
      if first < q {
        servings.append(servings[first])
        if let u = unservedOfText[first] {
          var item = unserved[u]
          item.query = query
          unserved.append(item)
        }
        continue
      }
      let serving = QueryServing(
        requirement: table.requirements[q], branches: table.queryNeeds[q].map { needServing[$0] })
      servings.append(serving)
      if !serving.isServed {
        unservedOfText[q] = unserved.count
        let missingIndexes = serving.missingIndexes
        let missingOverrides = serving.missingOverrides
        let why = cut.reason(
          missingIndexes: !missingIndexes.isEmpty, missingOverrides: !missingOverrides.isEmpty, options: options)
        unserved.append(
          UnservedQuery(query: query, why: why, missingIndexes: missingIndexes, missingOverrides: missingOverrides))
      }
    }
    return (servings, unserved)
  }

  /// The limits the manifest (before additions) already exceeds, with what pruning could free.
  private static func budgetOverruns(
    _ base: IndexManifest, cut: BudgetCut, unused: [CompositeIndex], unserved: [UnservedQuery], options: PlanOptions
  ) -> [BudgetOverrun] {
    var overruns: [BudgetOverrun] = []
    if cut.overCompositeLimit {
      overruns.append(
        BudgetOverrun(
          entries: .composite, count: base.indexes.count, limit: options.compositeLimit,
          prunable: options.prune ? 0 : unused.count, pruned: options.prune,
          unserved: unserved.filter { !$0.missingIndexes.isEmpty }.count))
    }
    if cut.overOverrideLimit {
      overruns.append(
        BudgetOverrun(
          entries: .overrides, count: base.fieldOverrides.count, limit: options.overrideLimit, prunable: 0,
          pruned: options.prune, unserved: unserved.filter { !$0.missingOverrides.isEmpty }.count))
    }
    return overruns
  }

  /// Each query's serving by the existing manifest alone (for `--check`).
  private static func existingServings(_ count: Int, _ table: NeedTable, _ existingServing: [BranchServing])
    -> [QueryServing]
  {
    var servings: [QueryServing] = []
    servings.reserveCapacity(count)
    for (q, ids) in table.queryNeeds.enumerated() {
      let first = table.firstOfText[q]
      servings.append(
        first < q
          ? servings[first]
          : QueryServing(requirement: table.requirements[q], branches: ids.map { existingServing[$0] }))
    }
    return servings
  }

  /// Needs Firestore may serve by merging composite members under an order.
  static func isMergeCandidate(_ need: BranchNeed) -> Bool {
    need.mergeAllowed && !need.order.isEmpty && need.prefixCount >= 1
  }
}

extension Optional where Wrapped == BranchServing.Served {
  /// The manifest entries used (none for key order, automatic indexes or no service).
  var entries: [ManifestEntry] {
    if case .entries(let used)? = self { return used }
    return []
  }
}
