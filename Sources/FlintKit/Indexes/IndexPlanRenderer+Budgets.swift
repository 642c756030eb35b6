import IndexAdvisor

/// The words for the budgets: the optimizer returns what happened (`BudgetOverrun`,
/// `UnservedReason`), this says it, naming what changes it as the front end does
/// (`BudgetWording`: `flint indexes`'s options by default).
extension IndexPlanRenderer {
  /// The option that sets a budget: `--limit` or `--override-limit`.
  package static func option(_ entries: BudgetOverrun.Entries) -> String {
    entries == .composite ? "--limit" : "--override-limit"
  }

  /// Why a query stays unserved: what it needs, and the budget when one is to blame
  /// (`needs 1 composite index; over the budget (--limit 3)`).
  package static func reasonText(_ item: UnservedQuery, wording: BudgetWording = .options) -> String {
    let indexes = item.missingIndexes.count
    let overrides = item.missingOverrides.count
    var parts: [String] = []
    if indexes > 0 { parts.append("\(indexes) composite index\(indexes == 1 ? "" : "es")") }
    if overrides > 0 { parts.append("\(overrides) field override\(overrides == 1 ? "" : "s")") }
    let what = parts.isEmpty ? "more indexes" : parts.joined(separator: " and ")
    let why: String? =
      switch item.why {
      case .overBudget(let entries, let limit)?: wording.overBudget(entries, limit)
      case .overBothBudgets?: wording.overBothBudgets
      case .manifestAlreadyOver(let entries, let limit)?:
        "the manifest already exceeds \(wording.budget(entries, limit))"
      case nil: nil
      }
    return why.map { "needs \(what); \($0)" } ?? "needs \(what)"
  }

  /// One sentence: the count and the limit, what was not done, what stays unserved, the fix.
  package static func overrunText(_ overrun: BudgetOverrun, wording: BudgetWording = .options) -> String {
    let count = overrun.count
    let noun =
      overrun.entries == .composite
      ? plural(count, "composite index", "composite indexes") : plural(count, "field override", "field overrides")
    let holds = overrun.pruned ? "still holds \(noun) after \(wording.prune)" : "already holds \(noun)"
    let kind = overrun.entries == .composite ? "no composite index" : "no field override"
    var text = "the manifest \(holds), more than \(wording.budget(overrun.entries, overrun.limit)): \(kind) was added"
    text += overrun.unserved == 0 ? "" : ", so \(plural(overrun.unserved, "query stays", "queries stay")) unserved"
    let raise = "\(wording.raise(.composite)) (Firestore allows 200 without billing, 1,000 with)"
    let prunable = overrun.prunable
    switch overrun.entries {
    case .composite where prunable > 0 && count - prunable <= overrun.limit:
      text += "; \(wording.prune) removes the \(plural(prunable, "unused index", "unused indexes")), or \(raise)"
    case .composite where prunable > 0:
      text += "; \(wording.prune) removes the \(plural(prunable, "unused index", "unused indexes")) but leaves "
      text += "\(thousands(count - prunable)), so also \(raise)"
    case .composite:
      text += "; \(raise), or remove indexes by hand"
    case .overrides:
      text += "; \(wording.raise(.overrides)) (Firestore allows 200 single-field index configurations)"
    }
    return text
  }

  private static func plural(_ n: Int, _ one: String, _ many: String) -> String {
    "\(thousands(n)) \(n == 1 ? one : many)"
  }

  /// With thousands separators: `1,000`.
  private static func thousands(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return (n < 0 ? "-" : "") + out
  }
}
