import FirestoreModel

/// The growing plan: a serving check over the existing manifest plus every index and
/// override added so far.
struct PlanBuilder {
  var check: ServingCheck
  /// Added composite indexes, in order.
  private(set) var added: [CompositeIndex] = []
  /// Overrides created or extended (final form), in first-changed order.
  private(set) var overrides: [FieldOverride] = []
  private var addedKeys = Set<CompositeIndex.ComparisonKey>()
  /// Per bucket of the added indexes (group, scope, order, key), how many members index each
  /// equality field: an index whose every field another member also indexes may be redundant.
  private var memberCounts: [NeedTable.Bucket: [IndexField: Int]] = [:]

  init(check: ServingCheck) {
    self.check = check
  }

  /// Adds what the need still misses (nothing when already served).
  mutating func serve(_ need: BranchNeed) {
    let serving = check.serving(need)
    guard !serving.isServed else { return }
    for index in serving.missingIndexes where addedKeys.insert(index.comparisonKey).inserted {
      added.append(index)
      check.add(index)
      for (bucket, head) in Self.memberships(index, order: need.order) {
        for field in head { memberCounts[bucket, default: [:]][field, default: 0] += 1 }
      }
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
      // Removable only if each of its equality fields has another member in its bucket.
      let shareable = Self.memberships(index, order: nil).contains { bucket, head in
        head.allSatisfy { (memberCounts[bucket]?[$0] ?? 0) > 1 }
      }
      guard shareable else {
        i -= 1
        continue
      }
      check.remove(index)
      let members = bucketNeeds(of: index, needs: needs, buckets: buckets)
      if members.allSatisfy({ check.serving(needs[$0]).isServed }) {
        added.remove(at: i)
        addedKeys.remove(index.comparisonKey)
        for (bucket, head) in Self.memberships(index, order: nil) {
          for field in head { memberCounts[bucket]?[field]? -= 1 }
        }
      } else {
        check.add(index)
      }
      i -= 1
    }
  }

  /// The buckets an index can be a merge member of, each with the index's leading fields
  /// (canonical: equality fields ascending). With `order`, only the bucket of that order.
  static func memberships(_ index: CompositeIndex, order: [IndexField]?) -> [(NeedTable.Bucket, [IndexField])] {
    let fields = index.servingFields
    guard let key = fields.last, key.isKey else { return [] }
    var result: [(NeedTable.Bucket, [IndexField])] = []
    for split in 1..<fields.count {
      let tail = Array(fields[split..<(fields.count - 1)])
      if let order, tail != order { continue }
      let head = fields[..<split].map { $0.mode == .contains ? $0 : IndexField($0.fieldPath, .ascending) }
      result.append(
        (NeedTable.Bucket(group: index.collectionGroup, scope: index.scope, order: tail, key: key.mode), head))
    }
    return result
  }

  /// The needs an index could serve as a merge member or perfect index: those of the buckets
  /// whose order and key direction end the index (one lookup per possible split).
  private func bucketNeeds(of index: CompositeIndex, needs: [BranchNeed], buckets: [NeedTable.Bucket: [Int]]) -> [Int] {
    let fields = index.servingFields
    guard let key = fields.last, key.isKey else { return [] }
    var result: [Int] = []
    for split in 1..<fields.count {
      let bucket = NeedTable.Bucket(
        group: index.collectionGroup, scope: index.scope, order: Array(fields[split..<(fields.count - 1)]),
        key: key.mode)
      result += buckets[bucket] ?? []
    }
    return result
  }
}
