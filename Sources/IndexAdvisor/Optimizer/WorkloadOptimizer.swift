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
public enum WorkloadOptimizer {
  public static func plan(_ queries: [WorkloadQuery], existing: IndexManifest, options: PlanOptions = PlanOptions())
    -> IndexPlan
  {
    let table = NeedTable(queries)
    let existingCheck = ServingCheck(existing)
    let existingServing = table.needs.map(existingCheck.serving)
    var builder = PlanBuilder(check: existingCheck)

    // Step 1: exact indexes.
    for (id, need) in table.needs.enumerated() where !existingServing[id].isServed && !isMergeCandidate(need) {
      builder.serve(need)
    }
    let necessary = builder.added.count
    // Step 2: merge candidates, fewest equality fields first, heaviest first (the keys are
    // worked out once: comparing needs themselves copied them and rebuilt their prefixes).
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
      if need.prefixCount == 1 { forced += builder.added.count - before } else { bucketsNeedingMore.insert(.init(need)) }
    }
    // Step 3: drop merge members that later additions made redundant.
    builder.pruneRedundant(after: necessary, needs: table.needs, buckets: table.bucketMembers)
    let unboundedAdded = builder.added.count

    // Existing indexes no query uses: not merely those the plan did not choose, but those no
    // query of the workload could use (`IndexShape.canServe`), so `--prune` never removes an
    // index a query might be served by.
    let fullServing = table.needs.map(builder.check.serving)
    var usedKeys = Set<CompositeIndex.ComparisonKey>()
    for serving in fullServing {
      for entry in serving.servedBy.entries { if case .index(let index) = entry { usedKeys.insert(index.comparisonKey) } }
    }
    var needsOfGroup: [String: [Int]] = [:]
    for (id, need) in table.needs.enumerated() { needsOfGroup[need.collectionGroup, default: []].append(id) }
    for index in existing.indexes where !usedKeys.contains(index.comparisonKey) {
      let ids = needsOfGroup[index.collectionGroup] ?? []
      if ids.contains(where: { IndexShape.canServe(index, table.needs[$0]) }) { usedKeys.insert(index.comparisonKey) }
    }
    let unused = existing.indexes.filter { !usedKeys.contains($0.comparisonKey) }
    let kept = existing.indexes.filter { usedKeys.contains($0.comparisonKey) }

    // Step 4: the budget.
    var base = existing
    if options.prune { base.indexes.removeAll { !usedKeys.contains($0.comparisonKey) } }
    let selection = BudgetSelection(
      table: table, fullServing: fullServing, added: builder.added, overrides: builder.overrides, base: base,
      options: options)
    let chosen = selection.choose()

    var manifest = base
    manifest.indexes += chosen.indexes
    for override in chosen.overrides {
      // An override only ever gains indexes; a field with duplicate overrides (the reader
      // warned) gets them in every copy, each keeping its own others, so none loses an index
      // and the indexes they all list (what serving counts) include the new ones.
      var found = false
      for i in manifest.fieldOverrides.indices where manifest.fieldOverrides[i].key == override.key {
        found = true
        for index in override.indexes where !manifest.fieldOverrides[i].has(index) {
          manifest.fieldOverrides[i].indexes.append(index)
        }
      }
      if !found { manifest.fieldOverrides.append(override) }
    }
    let finalCheck = ServingCheck(manifest)
    let needServing = table.needs.map(finalCheck.serving)
    var servings: [QueryServing] = []
    var unserved: [UnservedQuery] = []
    let overCompositeLimit = base.indexes.count > options.compositeLimit
    let overOverrideLimit = base.fieldOverrides.count > options.overrideLimit
    let indexesCut = chosen.indexes.count < builder.added.count
    let overridesCut = chosen.overrides.count < builder.overrides.count
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
      let branches = table.queryNeeds[q].map { needServing[$0] }
      let requirement = table.requirements[q]
      let serving = QueryServing(requirement: requirement, branches: branches)
      servings.append(serving)
      if !serving.isServed {
        unservedOfText[q] = unserved.count
        let missingIndexes = serving.missingIndexes
        let missingOverrides = serving.missingOverrides
        var why: String?
        if indexesCut, !missingIndexes.isEmpty {
          why = "over the budget (--limit \(options.compositeLimit))"
        } else if overridesCut, !missingOverrides.isEmpty {
          why = "over the budget (--override-limit \(options.overrideLimit))"
        } else if indexesCut || overridesCut {
          why = "over the budget (--limit, --override-limit)"
        }
        if overCompositeLimit, !missingIndexes.isEmpty {
          why = "the manifest already exceeds --limit \(options.compositeLimit)"
        } else if overOverrideLimit, !missingOverrides.isEmpty {
          why = "the manifest already exceeds --override-limit \(options.overrideLimit)"
        }
        unserved.append(
          UnservedQuery(
            query: query, reason: chosen.reason(serving, why: why), missingIndexes: missingIndexes,
            missingOverrides: missingOverrides))
      }
    }
    var overruns: [BudgetOverrun] = []
    if overCompositeLimit {
      overruns.append(
        BudgetOverrun(
          entries: .composite, count: base.indexes.count, limit: options.compositeLimit,
          prunable: options.prune ? 0 : unused.count, pruned: options.prune,
          unserved: unserved.filter { !$0.missingIndexes.isEmpty }.count))
    }
    if overOverrideLimit {
      overruns.append(
        BudgetOverrun(
          entries: .overrides, count: base.fieldOverrides.count, limit: options.overrideLimit, prunable: 0,
          pruned: options.prune, unserved: unserved.filter { !$0.missingOverrides.isEmpty }.count))
    }
    var existingServings: [QueryServing] = []
    existingServings.reserveCapacity(queries.count)
    for (q, ids) in table.queryNeeds.enumerated() {
      let first = table.firstOfText[q]
      existingServings.append(
        first < q
          ? existingServings[first]
          : QueryServing(requirement: table.requirements[q], branches: ids.map { existingServing[$0] }))
    }
    let lowerBound = necessary + forced + bucketsNeedingMore.count
    return IndexPlan(
      manifest: manifest, added: chosen.indexes, overrides: chosen.overrides, kept: kept, unused: unused,
      pruned: options.prune, unserved: unserved, existingServings: existingServings, servings: servings,
      compositeLimit: options.compositeLimit, overrideLimit: options.overrideLimit,
      lowerBound: min(lowerBound, unboundedAdded), unboundedAdded: unboundedAdded, overruns: overruns)
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
