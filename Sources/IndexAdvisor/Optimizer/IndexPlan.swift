import FirestoreModel

/// What `flint indexes` decided: the merged manifest and how each part came to be.
package struct IndexPlan: Sendable {
  /// The manifest to write: every existing entry (less pruned ones), plus what was added.
  package var manifest: IndexManifest
  /// New composite indexes, in the order they were chosen.
  package var added: [CompositeIndex]
  /// Field overrides created or given more indexes (their final form).
  package var overrides: [FieldOverride]
  /// Existing composite indexes some query uses.
  package var kept: [CompositeIndex]
  /// Existing composite indexes no query of the workload uses.
  package var unused: [CompositeIndex]
  /// Whether `unused` were removed from `manifest` (`--prune`).
  package var pruned: Bool
  /// Queries the manifest does not serve, with why.
  package var unserved: [UnservedQuery]
  /// Per workload query: how the existing manifest serves it, or what it misses (`--check`).
  package var existingServings: [QueryServing]
  /// Per workload query: whether the existing manifest already served it.
  package var servedByExisting: [Bool] { existingServings.map(\.isServed) }
  /// Per workload query: how the written manifest serves it.
  package var servings: [QueryServing]
  package var compositeLimit: Int
  package var overrideLimit: Int
  /// The fewest new composite indexes that serve every query (a lower bound of the optimum).
  package var lowerBound: Int
  /// New composite indexes needed to serve every query, before the budget.
  package var unboundedAdded: Int
  /// Budgets the existing manifest already exceeds (nothing of that kind was added).
  package var overruns: [BudgetOverrun] = []

  /// Whether the written manifest holds more entries than `--limit` or `--override-limit`.
  package var isOverBudget: Bool { !overruns.isEmpty }
  /// Whether the budget, not the manifest's contents, left some query unserved.
  package var isBudgetLimited: Bool { added.count < unboundedAdded || !unserved.isEmpty }

  package var compositeCount: Int { manifest.indexes.count }
  package var overrideCount: Int { manifest.fieldOverrides.count }
  package var servedCount: Int { servings.filter(\.isServed).count }
}

/// A workload query the plan leaves unserved.
package struct UnservedQuery: Sendable {
  package var query: WorkloadQuery
  /// Why the plan adds nothing for it (nil: no budget is named); front ends word it.
  package var why: UnservedReason?
  /// The composite indexes it would still need.
  package var missingIndexes: [CompositeIndex]
  package var missingOverrides: [FieldOverride]
}

/// The optimizer's budgets and choices.
package struct PlanOptions: Sendable {
  /// Composite indexes in the whole manifest (Firestore: 200 without billing, 1,000 with).
  package var compositeLimit: Int
  /// Single-field configurations (field overrides) in the whole manifest.
  package var overrideLimit: Int
  /// Remove existing composite indexes that no query uses.
  package var prune: Bool

  package init(compositeLimit: Int = 200, overrideLimit: Int = 200, prune: Bool = false) {
    self.compositeLimit = compositeLimit
    self.overrideLimit = overrideLimit
    self.prune = prune
  }
}
