import FirestoreModel
import Queries

/// The decision procedure of query-semantics §4.3: from a validated, normalized query to the index it
/// needs, branch by branch, under the query's global order (`limitToLast` flipped).
package enum RequirementAnalyzer {
  package static func requirement(for query: NormalizedQuery) -> IndexRequirement {
    let needs = branchNeeds(query)
    var indexes: [CompositeIndex] = []
    var overrides: [FieldOverride] = []
    for need in needs {
      switch need.kind {
      case .none, .singleField, .merge: break
      case .collectionGroupOverride:
        for (field, mode) in automaticMembers(need) {
          let override = collectionGroupOverride(need.collectionGroup, field, mode)
          if !overrides.contains(where: { $0.key == override.key }) {
            overrides.append(override)
          } else if let i = overrides.firstIndex(where: { $0.key == override.key }) {
            for index in override.indexes where !overrides[i].has(index) { overrides[i].indexes.append(index) }
          }
        }
      case .composite:
        let index = need.suggestedIndex
        if !indexes.contains(where: { $0.comparisonKey == index.comparisonKey }) { indexes.append(index) }
      }
    }
    let kind = needs.map(\.kind).max() ?? .none
    return IndexRequirement(kind: kind, branches: needs, indexes: indexes, fieldOverrides: overrides)
  }

  /// One need per DNF branch (`[[]]`-like queries without filters give one empty branch).
  package static func branchNeeds(_ query: NormalizedQuery) -> [BranchNeed] {
    let scope: IndexScope = query.scope.isCollectionGroup ? .collectionGroup : .collection
    let order = query.wireOrderBy
    let branches = query.branches.isEmpty ? [[]] : query.branches
    var needs: [BranchNeed] = []
    needs.reserveCapacity(branches.count)
    for branch in branches {
      needs.append(need(branch, order: order, scope: scope, collectionID: query.scope.collectionID, query: query))
    }
    return needs
  }

  static func need(
    _ branch: [FieldFilter], order: [OrderBy], scope: IndexScope, collectionID: String, query: NormalizedQuery
  ) -> BranchNeed {
    var equality: [FieldPath] = []
    var array: FieldPath?
    var inequality: [FieldPath] = []
    for filter in branch where !filter.field.isDocumentID {
      switch filter.op {
      case .equal, .in:
        if !equality.contains(filter.field) { equality.append(filter.field) }
      case .arrayContains, .arrayContainsAny:
        array = filter.field
      default:
        if !inequality.contains(filter.field) { inequality.append(filter.field) }
      }
    }
    equality.sort()
    var ordered: [IndexField] = []
    var keyDirection: IndexFieldMode = .ascending
    for entry in order {
      let mode: IndexFieldMode = entry.direction == .ascending ? .ascending : .descending
      if entry.field.isDocumentID {
        keyDirection = mode
        break
      }
      if !equality.contains(entry.field) { ordered.append(IndexField(entry.field, mode)) }
    }
    // Aggregated fields already ordered or equality-filtered are not repeated; the array
    // field is (its CONTAINS segment holds no values to sum): E-PROD index i13
    // `[rating CONTAINS, testId, pages, rating]`.
    var used = Set(equality)
    for field in ordered { used.insert(field.fieldPath) }
    var aggregates: [FieldPath] = []
    for aggregation in query.aggregations {
      guard let field = aggregation.field, !used.contains(field), !aggregates.contains(field) else { continue }
      aggregates.append(field)
    }
    aggregates.sort()
    let mergeAllowed = aggregates.isEmpty && inequality.allSatisfy { equality.contains($0) }
    return BranchNeed(
      collectionGroup: collectionID, scope: scope, equality: equality, array: array, order: ordered,
      aggregates: aggregates, keyDirection: keyDirection, mergeAllowed: mergeAllowed)
  }

  /// The single-field indexes a branch served automatically uses (one, or the merge members).
  static func automaticMembers(_ need: BranchNeed) -> [(FieldPath, IndexFieldMode)] {
    if let single = need.automaticIndex { return [single] }
    return need.prefix.compactMap { field in need.automaticMember(field).map { (field.fieldPath, $0) } }
  }

  /// An override enabling one collection-group single-field index while keeping the
  /// automatic collection-scope ones (query-semantics §6.4: an override replaces the inherited configuration).
  static func collectionGroupOverride(_ group: String, _ field: FieldPath, _ mode: IndexFieldMode) -> FieldOverride {
    FieldOverride(
      collectionGroup: group, fieldPath: field,
      indexes: FieldOverride.automaticIndexes + [FieldOverride.Index(mode, .collectionGroup)])
  }
}
