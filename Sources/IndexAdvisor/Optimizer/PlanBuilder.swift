import FirestoreModel

/// The growing plan: a serving check over the existing manifest plus every index and
/// override added so far.
struct PlanBuilder {
  var check: ServingCheck
  /// Added composite indexes, in order.
  private(set) var added: [CompositeIndex] = []
  /// Overrides created or extended (final form), in first-changed order.
  private(set) var overrides: [FieldOverride] = []

  init(check: ServingCheck) {
    self.check = check
  }

  /// Adds what the need still misses (nothing when already served).
  mutating func serve(_ need: BranchNeed) {
    let serving = check.serving(need)
    guard !serving.isServed else { return }
    for index in serving.missingIndexes where !added.contains(where: { $0.comparisonKey == index.comparisonKey }) {
      added.append(index)
      check.add(index)
    }
    for override in serving.missingOverrides {
      check.set(override)
      if let i = overrides.firstIndex(where: { $0.key == override.key }) {
        overrides[i] = override
      } else {
        overrides.append(override)
      }
    }
  }

  /// Drops indexes added after the first `keep` when every need of their bucket stays served
  /// without them (latest first, so the earlier, smaller members win).
  mutating func pruneRedundant(after keep: Int, needs: [BranchNeed], buckets: [NeedTable.Bucket: [Int]]) {
    var i = added.count - 1
    while i >= keep {
      let index = added[i]
      check.remove(index)
      let members = bucketNeeds(of: index, needs: needs, buckets: buckets)
      if members.allSatisfy({ check.serving(needs[$0]).isServed }) {
        added.remove(at: i)
      } else {
        check.add(index)
      }
      i -= 1
    }
  }

  /// The needs an index could serve as a merge member or perfect index: those of the buckets
  /// whose order and key direction end the index (one lookup per possible split).
  private func bucketNeeds(of index: CompositeIndex, needs: [BranchNeed], buckets: [NeedTable.Bucket: [Int]]) -> [Int] {
    let fields = index.servingFields
    guard let key = fields.last, key.isKey else { return [] }
    var result: [Int] = []
    for split in 1..<fields.count {
      let bucket = NeedTable.Bucket(
        group: index.collectionGroup, scope: index.scope, order: Array(fields[split..<(fields.count - 1)]), key: key.mode)
      result += buckets[bucket] ?? []
    }
    return result
  }
}
