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

  /// Per query: the index of the first query with the same text (itself when first). Queries
  /// of the same text share their requirement, needs and serving: the optimizer decides and
  /// words each once (a workload repeats its texts, one line per call site).
  private(set) var firstOfText: [Int] = []

  init(_ queries: [WorkloadQuery]) {
    var ids: [BranchNeed: Int] = [:]
    // The same query text has the same requirement and needs: analysed once.
    var byText: [String: Int] = [:]
    // Per first query of a text: its need ids with repeats (a need's weight counts each branch).
    var occurrences: [Int: [Int]] = [:]
    firstOfText.reserveCapacity(queries.count)
    queryNeeds.reserveCapacity(queries.count)
    queryWeights.reserveCapacity(queries.count)
    requirements.reserveCapacity(queries.count)
    for (q, query) in queries.enumerated() {
      queryWeights.append(query.weight)
      if let first = byText[query.text] {
        firstOfText.append(first)
        requirements.append(requirements[first])
        queryNeeds.append(queryNeeds[first])
        for id in occurrences[first] ?? [] { weights[id] = Self.sum(weights[id], query.weight) }
        continue
      }
      byText[query.text] = q
      firstOfText.append(q)
      let requirement = RequirementAnalyzer.requirement(for: query.query)
      requirements.append(requirement)
      var list: [Int] = []
      var repeated: [Int] = []
      list.reserveCapacity(requirement.branches.count)
      for need in requirement.branches {
        if let id = ids[need] {
          weights[id] = Self.sum(weights[id], query.weight)
          repeated.append(id)
          if !list.contains(id) { list.append(id) }
          continue
        }
        let id = needs.count
        ids[need] = id
        needs.append(need)
        weights.append(query.weight)
        bucketMembers[Bucket(need), default: []].append(id)
        list.append(id)
        repeated.append(id)
      }
      queryNeeds.append(list)
      occurrences[q] = repeated
    }
  }

  /// Weights add up to `Int.max` at most.
  private static func sum(_ a: Int, _ b: Int) -> Int {
    a.addingReportingOverflow(b).overflow ? Int.max : a + b
  }
}
