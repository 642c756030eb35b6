import IndexAdvisor

/// The closing lines of a plan: whether the manifest keeps the budgets and how close the
/// plan comes to the optimum. Under a budget that leaves queries unserved, the optimality line
/// speaks of what was served within the budget; the lower bound is that of serving every query.
enum IndexPlanVerdict {
  /// `optimality: ...`, without the newline.
  static func optimality(_ plan: IndexPlan, queries: [WorkloadQuery], wording: BudgetWording = .options) -> String {
    let all = "\(plan.unboundedAdded) new composite index\(plan.unboundedAdded == 1 ? "" : "es")"
    let gap = plan.unboundedAdded - plan.lowerBound
    guard plan.isBudgetLimited else {
      return "optimality: \(all) \(plan.unboundedAdded == 1 ? "serves" : "serve") every query; "
        + "lower bound \(plan.lowerBound) " + (gap == 0 ? "(optimal)" : "(gap \(gap))")
    }
    let bound = "lower bound \(plan.lowerBound), " + (gap == 0 ? "optimal" : "gap \(gap)")
    let served = plan.servings.enumerated().filter { $0.element.isServed }.map(\.offset)
    let servedWeight = served.reduce(0) { $0 &+ ($1 < queries.count ? queries[$1].weight : 0) }
    let totalWeight = queries.reduce(0) { $0 &+ $1.weight }
    var text = "optimality: within the budget, \(plan.added.count) new composite index"
    text += plan.added.count == 1 ? " serves " : "es serve "
    text += "\(served.count) of \(queries.count) queries (weight \(servedWeight) of \(totalWeight); "
    text += "chosen by weight per new index, not proven optimal); every query needs \(all) (\(bound))"
    let excess = plan.compositeCount - plan.added.count + plan.unboundedAdded - plan.compositeLimit
    if excess > 0 { text += ", \(excess) more than \(wording.budget(.composite, plan.compositeLimit)) allows" }
    return text
  }

  /// `over budget: ...` lines, one per budget the manifest exceeds.
  static func overBudget(_ plan: IndexPlan, wording: BudgetWording = .options) -> [String] {
    plan.overruns.map { "over budget: \(IndexPlanRenderer.overrunText($0, wording: wording))" }
  }
}
