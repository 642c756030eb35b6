import IndexAdvisor

/// How a front end names the budgets of an index plan and what changes them. The optimizer
/// returns what happened (`BudgetOverrun`, `UnservedReason`); `flint indexes` names its options
/// (`--limit 3`, `--prune`), the REPL, which has no options, names the budget itself and the
/// command that changes it (`the budget of 200 composite indexes`, `flint indexes --prune`).
package enum BudgetWording: Sendable {
  /// `flint indexes`: the options `--limit`, `--override-limit` and `--prune`.
  case options
  /// `flint repl`'s `:indexes`: the budgets in words, the changes as `flint indexes` commands.
  case session

  /// The budget the text compares with: `--limit 3`, or `the budget of 3 composite indexes`.
  func budget(_ entries: BudgetOverrun.Entries, _ limit: Int) -> String {
    switch self {
    case .options: "\(IndexPlanRenderer.option(entries)) \(limit)"
    case .session: "the budget of \(limit) \(entries == .composite ? "composite indexes" : "field overrides")"
    }
  }

  /// Why a query stays unserved when a budget is full: `over the budget (--limit 3)`.
  func overBudget(_ entries: BudgetOverrun.Entries, _ limit: Int) -> String {
    switch self {
    case .options: "over the budget (\(budget(entries, limit)))"
    case .session: "over \(budget(entries, limit))"
    }
  }

  /// Why a query stays unserved when both budgets are full.
  var overBothBudgets: String {
    switch self {
    case .options: "over the budget (--limit, --override-limit)"
    case .session: "over both budgets (composite indexes and field overrides)"
    }
  }

  /// What removes the unused indexes: `--prune`, or `flint indexes --prune`.
  var prune: String {
    switch self {
    case .options: "--prune"
    case .session: "flint indexes --prune"
    }
  }

  /// What raises a budget: `raise --limit`, or `raise the budget with flint indexes --limit`.
  func raise(_ entries: BudgetOverrun.Entries) -> String {
    switch self {
    case .options: "raise \(IndexPlanRenderer.option(entries))"
    case .session: "raise the budget with flint indexes \(IndexPlanRenderer.option(entries))"
    }
  }
}
