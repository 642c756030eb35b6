import FirestoreModel

/// An entry of a manifest that serves a query.
public enum ManifestEntry: Hashable, Sendable {
  case index(CompositeIndex)
  case override(FieldOverride)
}

/// Whether a manifest serves one DNF branch, by what, and what to add when it does not.
public struct BranchServing: Hashable, Sendable {
  public var need: BranchNeed
  /// How the branch is served: nil when it is not.
  public var servedBy: Served?
  public var missingIndexes: [CompositeIndex] = []
  public var missingOverrides: [FieldOverride] = []

  public enum Served: Hashable, Sendable {
    /// Key order: no index.
    case keyOrder
    /// Automatic single-field indexes only (no manifest entry).
    case automatic
    /// These manifest entries (one composite, a merge of several, or overrides).
    case entries([ManifestEntry])
  }

  public var isServed: Bool { servedBy != nil }
}

/// The serving check of a whole query: every branch must be served (query-semantics §4.3 step 6).
public struct QueryServing: Hashable, Sendable {
  public var requirement: IndexRequirement
  public var branches: [BranchServing]

  public var isServed: Bool { branches.allSatisfy(\.isServed) }

  /// The manifest entries the served branches use, without repeats.
  public var servedBy: [ManifestEntry] {
    var entries: [ManifestEntry] = []
    for branch in branches {
      if case .entries(let used)? = branch.servedBy {
        for entry in used where !entries.contains(entry) { entries.append(entry) }
      }
    }
    return entries
  }

  /// The composite indexes to add, without repeats.
  public var missingIndexes: [CompositeIndex] {
    var out: [CompositeIndex] = []
    for index in branches.flatMap(\.missingIndexes)
    where !out.contains(where: { $0.comparisonKey == index.comparisonKey }) {
      out.append(index)
    }
    return out
  }

  /// The overrides to write (one per field, the needed indexes added together).
  public var missingOverrides: [FieldOverride] {
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
