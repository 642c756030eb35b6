import FirestoreModel

/// An entry of a manifest that serves a query.
package enum ManifestEntry: Hashable, Sendable {
  case index(CompositeIndex)
  case override(FieldOverride)
}

/// Whether a manifest serves one DNF branch, by what, and what to add when it does not.
package struct BranchServing: Hashable, Sendable {
  package var need: BranchNeed
  /// How the branch is served: nil when it is not.
  package var servedBy: Served?
  package var missingIndexes: [CompositeIndex] = []
  package var missingOverrides: [FieldOverride] = []

  package enum Served: Hashable, Sendable {
    /// Key order: no index.
    case keyOrder
    /// Automatic single-field indexes only (no manifest entry).
    case automatic
    /// These manifest entries (one composite, a merge of several, or overrides).
    case entries([ManifestEntry])
  }

  package var isServed: Bool { servedBy != nil }
}

/// The serving check of a whole query: every branch must be served (query-semantics §4.3 step 6).
package struct QueryServing: Hashable, Sendable {
  package var requirement: IndexRequirement
  package var branches: [BranchServing]

  package var isServed: Bool { branches.allSatisfy(\.isServed) }

  /// The manifest entries the served branches use, without repeats.
  package var servedBy: [ManifestEntry] {
    var entries: [ManifestEntry] = []
    for branch in branches {
      if case .entries(let used)? = branch.servedBy {
        for entry in used where !entries.contains(entry) { entries.append(entry) }
      }
    }
    return entries
  }

  /// The composite indexes to add, without repeats.
  package var missingIndexes: [CompositeIndex] {
    var out: [CompositeIndex] = []
    for index in branches.flatMap(\.missingIndexes)
    where !out.contains(where: { $0.comparisonKey == index.comparisonKey }) {
      out.append(index)
    }
    return out
  }

  /// The overrides to write (one per field, the needed indexes added together).
  package var missingOverrides: [FieldOverride] {
    var out: [FieldOverride] = []
    for override in branches.flatMap(\.missingOverrides) {
      if let i = out.firstIndex(where: { $0.key == override.key }) {
        for index in override.indexes where !out[i].has(index) { out[i].indexes.append(index) }
      } else {
        out.append(override)
      }
    }
    return out
  }
}
