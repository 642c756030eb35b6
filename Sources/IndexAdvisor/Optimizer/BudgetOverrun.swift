/// An existing manifest that already holds more entries of one kind than its budget allows
/// (`PlanOptions.compositeLimit` for composite indexes, `overrideLimit` for field overrides).
/// Existing entries are never dropped for it (only pruning removes unused indexes), so nothing
/// of that kind is added, and the plan says so: the result breaks the user's stated limit.
/// Front ends word it (`IndexPlanRenderer.overrunText` for `flint indexes`).
public struct BudgetOverrun: Hashable, Sendable {
  public enum Entries: String, Hashable, Sendable {
    case composite
    case overrides
  }

  public var entries: Entries
  /// Entries of that kind in the manifest to write (after pruning).
  public var count: Int
  public var limit: Int
  /// Existing composite indexes no query uses that pruning would remove (0 once pruned, and
  /// for overrides, which are never pruned).
  public var prunable: Int
  /// Whether pruning already ran.
  public var pruned: Bool
  /// Queries of the workload left unserved.
  public var unserved: Int
}
