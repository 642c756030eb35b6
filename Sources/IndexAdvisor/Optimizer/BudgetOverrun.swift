/// An existing manifest that already holds more entries of one kind than its budget allows
/// (`PlanOptions.compositeLimit` for composite indexes, `overrideLimit` for field overrides).
/// Existing entries are never dropped for it (only pruning removes unused indexes), so nothing
/// of that kind is added, and the plan says so: the result breaks the user's stated limit.
/// Front ends word it (`IndexPlanRenderer.overrunText` for `flint indexes`).
package struct BudgetOverrun: Hashable, Sendable {
  package enum Entries: String, Hashable, Sendable {
    case composite
    case overrides
  }

  package var entries: Entries
  /// Entries of that kind in the manifest to write (after pruning).
  package var count: Int
  package var limit: Int
  /// Existing composite indexes no query uses that pruning would remove (0 once pruned, and
  /// for overrides, which are never pruned).
  package var prunable: Int
  /// Whether pruning already ran.
  package var pruned: Bool
  /// Queries of the workload left unserved.
  package var unserved: Int
}
