import FirestoreModel

/// What `flint indexes` decided: the merged manifest and how each part came to be.
public struct IndexPlan: Sendable {
  /// The manifest to write: every existing entry (less pruned ones), plus what was added.
  public var manifest: IndexManifest
  /// New composite indexes, in the order they were chosen.
  public var added: [CompositeIndex]
  /// Field overrides created or given more indexes (their final form).
  public var overrides: [FieldOverride]
  /// Existing composite indexes some query uses.
  public var kept: [CompositeIndex]
  /// Existing composite indexes no query of the workload uses.
  public var unused: [CompositeIndex]
  /// Whether `unused` were removed from `manifest` (`--prune`).
  public var pruned: Bool
  /// Queries the manifest does not serve, with why.
  public var unserved: [UnservedQuery]
  /// Per workload query: how the existing manifest serves it, or what it misses (`--check`).
  public var existingServings: [QueryServing]
  /// Per workload query: whether the existing manifest already served it.
  public var servedByExisting: [Bool] { existingServings.map(\.isServed) }
  /// Per workload query: how the written manifest serves it.
  public var servings: [QueryServing]
  public var compositeLimit: Int
  public var overrideLimit: Int
  /// The fewest new composite indexes that serve every query (a lower bound of the optimum).
  public var lowerBound: Int
  /// New composite indexes needed to serve every query, before the budget.
  public var unboundedAdded: Int
  /// Budgets the existing manifest already exceeds (nothing of that kind was added).
  public var overruns: [BudgetOverrun] = []

  /// Whether the written manifest holds more entries than `--limit` or `--override-limit`.
  public var isOverBudget: Bool { !overruns.isEmpty }
  /// Whether the budget, not the manifest's contents, left some query unserved.
  public var isBudgetLimited: Bool { added.count < unboundedAdded || !unserved.isEmpty }

  public var compositeCount: Int { manifest.indexes.count }
  public var overrideCount: Int { manifest.fieldOverrides.count }
  public var servedCount: Int { servings.filter(\.isServed).count }
}

/// A workload query the plan leaves unserved.
public struct UnservedQuery: Sendable {
  public var query: WorkloadQuery
  /// Why the plan adds nothing for it (nil: no budget is named); front ends word it.
  public var why: UnservedReason?
  /// The composite indexes it would still need.
  public var missingIndexes: [CompositeIndex]
  public var missingOverrides: [FieldOverride]
}

/// The optimizer's budgets and choices.
public struct PlanOptions: Sendable {
  /// Composite indexes in the whole manifest (Firestore: 200 without billing, 1,000 with).
  public var compositeLimit: Int
  /// Single-field configurations (field overrides) in the whole manifest.
  public var overrideLimit: Int
  /// Remove existing composite indexes that no query uses.
  public var prune: Bool

  public init(compositeLimit: Int = 200, overrideLimit: Int = 200, prune: Bool = false) {
    self.compositeLimit = compositeLimit
    self.overrideLimit = overrideLimit
    self.prune = prune
  }
}
