/// Why a plan leaves a query unserved, as data: each front end words it (`flint indexes` in
/// its options, `IndexPlanRenderer`).
package enum UnservedReason: Hashable, Sendable {
  /// The budget of that kind (`limit` entries in the whole manifest) had no room left for
  /// what the query needs.
  case overBudget(BudgetOverrun.Entries, limit: Int)
  /// Both budgets were spent and what the query needs was cut with them.
  case overBothBudgets
  /// The manifest already holds more entries of that kind than `limit`: nothing of that kind
  /// was added (see `BudgetOverrun`).
  case manifestAlreadyOver(BudgetOverrun.Entries, limit: Int)
}
