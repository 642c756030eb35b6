import FlintKit
import FlintTestSupport
import IndexAdvisor
import Testing

/// The words for budgets (`IndexPlanRenderer.overrunText`, `reasonText`): the optimizer returns
/// what happened, the renderer names what changes it as the front end does (`BudgetWording`).
@Suite struct BudgetWordingTests {
  /// Three composites (two used, one not) and one collection-group override.
  static let existing = PackagePaths.text("Corpus/indexes/manifests/over-budget.json")
  static let workload = """
    collection("posts").where("a", "==", 1).orderBy("t")
    collection("posts").where("b", "==", 1).orderBy("t")
    collection("posts").where("c", "==", 1).orderBy("t") @weight 9
    collectionGroup("comments").where("score", "==", 1)
    """

  func plan(limit: Int, overrides: Int = 200, prune: Bool = false) throws -> IndexPlan {
    let output = IndexesJob.run(
      .init(
        queryFiles: [("q.txt", Array(Self.workload.utf8))], existing: ("m.json", Array(Self.existing.utf8)),
        options: PlanOptions(compositeLimit: limit, overrideLimit: overrides, prune: prune)))
    return try #require(output.plan)
  }

  @Test("over --limit: the overrun names the option, what stays unserved and the fix")
  func overLimit() throws {
    let plan = try plan(limit: 2)
    let overrun = try #require(plan.overruns.first)
    #expect(
      IndexPlanRenderer.overrunText(overrun)
        == "the manifest already holds 3 composite indexes, more than --limit 2: no composite index was added, "
        + "so 1 query stays unserved; --prune removes the 1 unused index, or raise --limit "
        + "(Firestore allows 200 without billing, 1,000 with)")
    let item = try #require(plan.unserved.first)
    #expect(IndexPlanRenderer.reasonText(item) == "needs 1 composite index; the manifest already exceeds --limit 2")
  }

  @Test("--limit 0, after --prune, at the limit, --override-limit 0: each worded with its option")
  func otherBudgets() throws {
    let zero = try #require(try plan(limit: 0).overruns.first)
    #expect(
      IndexPlanRenderer.overrunText(zero).contains(
        "--prune removes the 1 unused index but leaves 2, so also raise --limit"))
    let pruned = try #require(try plan(limit: 1, prune: true).overruns.first)
    #expect(
      IndexPlanRenderer.overrunText(pruned).hasPrefix("the manifest still holds 2 composite indexes after --prune"))
    let atLimit = try #require(try plan(limit: 3).unserved.first)
    #expect(IndexPlanRenderer.reasonText(atLimit) == "needs 1 composite index; over the budget (--limit 3)")
    let overrides = try plan(limit: 200, overrides: 0)
    let overrun = try #require(overrides.overruns.first)
    #expect(IndexPlanRenderer.option(overrun.entries) == "--override-limit")
    #expect(
      IndexPlanRenderer.overrunText(overrun).hasPrefix(
        "the manifest already holds 1 field override, more than --override-limit 0"))
    let item = try #require(overrides.unserved.first)
    #expect(IndexPlanRenderer.reasonText(item).contains("already exceeds --override-limit 0"))
  }

  @Test("the REPL words the budgets itself: it has no --limit, --override-limit or --prune")
  func sessionWording() throws {
    let output = IndexesJob.run(
      .init(
        queryFiles: [("q.txt", Array(Self.workload.utf8))], existing: ("m.json", Array(Self.existing.utf8)),
        options: PlanOptions(compositeLimit: 2)))
    let plan = try #require(output.plan)
    let overrun = try #require(plan.overruns.first)
    #expect(
      IndexPlanRenderer.overrunText(overrun, wording: .session)
        == "the manifest already holds 3 composite indexes, more than the budget of 2 composite indexes: "
        + "no composite index was added, so 1 query stays unserved; flint indexes --prune removes the 1 unused "
        + "index, or raise the budget with flint indexes --limit (Firestore allows 200 without billing, 1,000 with)")
    let item = try #require(plan.unserved.first)
    #expect(
      IndexPlanRenderer.reasonText(item, wording: .session)
        == "needs 1 composite index; the manifest already exceeds the budget of 2 composite indexes")
    let atLimit = try #require(try self.plan(limit: 3).unserved.first)
    #expect(
      IndexPlanRenderer.reasonText(atLimit, wording: .session)
        == "needs 1 composite index; over the budget of 3 composite indexes")
    let overrides = try #require(try self.plan(limit: 200, overrides: 0).overruns.first)
    #expect(
      IndexPlanRenderer.overrunText(overrides, wording: .session).hasSuffix(
        "raise the budget with flint indexes --override-limit (Firestore allows 200 single-field index configurations)")
    )
    // The whole plan: no option is quoted as if the session had it.
    let text = IndexPlanRenderer.text(plan, queries: output.queries, wording: .session)
    #expect(text.contains("over budget: the manifest already holds 3 composite indexes, more than the budget of 2"))
    for option in ["than --limit", "(--limit", "exceeds --limit", "; --prune", "(removed: --prune", "raise --limit"] {
      #expect(!text.contains(option), "\(text)")
    }
  }
}
