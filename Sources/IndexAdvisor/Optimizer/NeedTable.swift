import FirestoreModel

/// A workload reduced to its distinct branch needs: queries of the same normalized shape
/// share them, so each shape is decided once however often it is written.
struct NeedTable {
  /// Distinct needs, in first-seen order.
  private(set) var needs: [BranchNeed] = []
  /// Total weight of the queries using each need.
  private(set) var weights: [Int] = []
  /// Per query: the ids of its needs, one per branch.
  private(set) var queryNeeds: [[Int]] = []
  /// Per query: its weight.
  private(set) var queryWeights: [Int] = []
  /// Per query: its requirement (kind and suggestions).
  private(set) var requirements: [IndexRequirement] = []
  /// Needs of the same collection group, scope, order and key direction: the needs a merge
  /// member of that shape can serve.
  private(set) var bucketMembers: [Bucket: [Int]] = [:]

  struct Bucket: Hashable {
    var group: String
    var scope: IndexScope
    var order: [IndexField]
    var key: IndexFieldMode

    init(_ need: BranchNeed) {
      self.init(group: need.collectionGroup, scope: need.scope, order: need.order, key: need.keyDirection)
    }

    init(group: String, scope: IndexScope, order: [IndexField], key: IndexFieldMode) {
      self.group = group
      self.scope = scope
      self.order = order
      self.key = key
    }
  }

  init(_ queries: [WorkloadQuery]) {
    var ids: [BranchNeed: Int] = [:]
    for query in queries {
      let requirement = RequirementAnalyzer.requirement(for: query.query)
      requirements.append(requirement)
      queryWeights.append(query.weight)
      var list: [Int] = []
      list.reserveCapacity(requirement.branches.count)
      for need in requirement.branches {
        if let id = ids[need] {
          weights[id] = weights[id].addingReportingOverflow(query.weight).overflow ? Int.max : weights[id] + query.weight
          if !list.contains(id) { list.append(id) }
          continue
        }
        let id = needs.count
        ids[need] = id
        needs.append(need)
        weights.append(query.weight)
        bucketMembers[Bucket(need), default: []].append(id)
        list.append(id)
      }
      queryNeeds.append(list)
    }
  }
}
