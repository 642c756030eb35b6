import FirestoreModel
import Queries

/// Decides whether a manifest serves a query (query-semantics §4.3): automatic single-field indexes,
/// one composite index of the exact shape, or a merge of indexes that each cover part of the
/// equality filters under the same order. What is not served gets the index to add: the
/// backend's suggestion, or only the missing merge member when the rest already exists.
package struct ServingCheck: Sendable {
  private var singleFields: SingleFieldConfig
  private var catalog: IndexCatalog

  package init(_ manifest: IndexManifest) {
    self.singleFields = SingleFieldConfig(manifest)
    self.catalog = IndexCatalog(manifest.indexes)
  }

  /// Adds a composite index (the optimizer's candidate plan).
  package mutating func add(_ index: CompositeIndex) {
    catalog.add(index)
  }

  /// Removes a composite index (by the CLI's comparison).
  package mutating func remove(_ index: CompositeIndex) {
    catalog.remove(index)
  }

  /// Adds or replaces the override of its collection group and field.
  package mutating func set(_ override: FieldOverride) {
    singleFields.set(override)
  }

  package func serving(_ query: NormalizedQuery) -> QueryServing {
    serving(RequirementAnalyzer.requirement(for: query))
  }

  package func serving(_ requirement: IndexRequirement) -> QueryServing {
    QueryServing(requirement: requirement, branches: requirement.branches.map(serving))
  }

  package func serving(_ need: BranchNeed) -> BranchServing {
    var result = BranchServing(need: need)
    if need.kind == .none {
      result.servedBy = .keyOrder
      return result
    }
    let key = IndexField(.documentID, need.keyDirection)
    if let single = need.automaticIndex {
      let (exists, override) = singleFields.has(need.collectionGroup, single.field, single.mode, need.scope)
      if exists {
        result.servedBy = override.map { .entries([.override($0)]) } ?? .automatic
      } else {
        result.missingOverrides = [singleFields.enabling(need.collectionGroup, single.field, single.mode, need.scope)]
      }
      return result
    }
    let perfectTail = need.order + need.aggregates.map { IndexField($0, .ascending) } + [key]
    let prefix = need.prefix
    let group = need.collectionGroup
    let perfectCandidates = catalog.perfectCandidates(group, need.scope, endingWith: perfectTail, prefix: prefix)
    if let perfect = perfectCandidates.first(where: { IndexShape.coveredPrefix($0, need, perfect: true) != nil }) {
      result.servedBy = .entries([.index(perfect)])
      return result
    }
    guard need.mergeAllowed, need.prefixCount > 0 else {
      result.missingIndexes = [need.suggestedIndex]
      return result
    }
    return merged(need, catalog.indexes(group, need.scope, endingWith: need.order + [key], sharing: prefix))
  }

  /// A merge: members cover the prefix fields; what stays uncovered is what to add.
  private func merged(_ need: BranchNeed, _ candidates: [CompositeIndex]) -> BranchServing {
    var result = BranchServing(need: need)
    var members: [(entry: ManifestEntry?, covers: Set<IndexField>)] = []
    for index in candidates {
      if let covered = IndexShape.coveredPrefix(index, need, perfect: false) {
        members.append((.index(index), covered))
      }
    }
    var missingAutomatic: [IndexField] = []
    if need.order.isEmpty {
      for field in need.prefix {
        guard let mode = need.automaticMember(field) else { continue }
        let (exists, override) = singleFields.has(need.collectionGroup, field.fieldPath, mode, need.scope)
        if exists { members.append((override.map { .override($0) }, [field])) } else { missingAutomatic.append(field) }
      }
    }
    // Greedy cover: take the member covering most of what is left, until nothing is left.
    var uncovered = Set(need.prefix)
    var used: [ManifestEntry] = []
    var usedAutomatic = false
    while !uncovered.isEmpty {
      guard
        let best = members.max(by: { $0.covers.intersection(uncovered).count < $1.covers.intersection(uncovered).count }
        ),
        !best.covers.isDisjoint(with: uncovered)
      else { break }
      uncovered.subtract(best.covers)
      if let entry = best.entry {
        if !used.contains(entry) { used.append(entry) }
      } else {
        usedAutomatic = true
      }
    }
    if uncovered.isEmpty {
      result.servedBy = used.isEmpty && usedAutomatic ? .automatic : .entries(used)
      return result
    }
    if uncovered.count == need.prefixCount, !need.order.isEmpty {
      result.missingIndexes = [need.suggestedIndex]
      return result
    }
    let rest = need.prefix.filter { uncovered.contains($0) }
    if need.order.isEmpty {
      for field in rest {
        if let mode = need.automaticMember(field), missingAutomatic.contains(field) {
          result.missingOverrides.append(singleFields.enabling(need.collectionGroup, field.fieldPath, mode, need.scope))
        } else {
          result.missingIndexes.append(
            CompositeIndex.minimal(
              collectionGroup: need.collectionGroup, scope: need.scope, fields: [field, .key(need.keyDirection)]))
        }
      }
    } else {
      result.missingIndexes = [
        CompositeIndex.minimal(
          collectionGroup: need.collectionGroup, scope: need.scope,
          fields: rest + need.order + [.key(need.keyDirection)])
      ]
    }
    return result
  }
}
