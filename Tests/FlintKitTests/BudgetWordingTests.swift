import FlintKit
import FlintTestSupport
import IndexAdvisor
import Testing

/// `flint indexes`'s words for budgets (`IndexPlanRenderer.overrunText`, `reasonText`): the
/// optimizer returns what happened, the renderer names the options that change it.
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
    let output = try IndexesJob.run(
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
}
