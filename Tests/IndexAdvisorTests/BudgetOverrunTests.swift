import FirestoreModel
import FlintTestSupport
import IndexAdvisor
import Testing

/// A manifest already over `--limit` or `--override-limit`: nothing of that kind is added, no
/// existing entry is dropped, and the plan says so (the audit of issue 7 found `3/2` silently).
/// The plan holds what happened as data; `flint indexes`'s wording is pinned in FlintKitTests
/// (`BudgetWordingTests`).
@Suite("Index budgets already exceeded")
struct BudgetOverrunTests {
  /// Three composites: two the workload uses, one it does not; one collection-group override.
  static let existing = PackagePaths.text("Corpus/indexes/manifests/over-budget.json")
  static let workload = AdvisorFixtures.workload([
    #"collection("posts").where("a", "==", 1).orderBy("t")"#,
    #"collection("posts").where("b", "==", 1).orderBy("t")"#,
    #"collection("posts").where("c", "==", 1).orderBy("t") @weight 9"#,
    #"collectionGroup("comments").where("score", "==", 1)"#,
  ])

  func plan(limit: Int, overrides: Int = 200, prune: Bool = false) throws -> IndexPlan {
    let manifest = try AdvisorFixtures.manifest(text: Self.existing)
    return WorkloadOptimizer.plan(
      Self.workload, existing: manifest,
      options: PlanOptions(compositeLimit: limit, overrideLimit: overrides, prune: prune))
  }

  @Test("--limit 2 with 3 existing: nothing added, all 3 kept, the overrun named with its fix")
  func overLimit() throws {
    let plan = try plan(limit: 2)
    #expect(plan.added.isEmpty)
    #expect(plan.compositeCount == 3)
    let overrun = try #require(plan.overruns.first)
    #expect(plan.overruns.count == 1)
    #expect(overrun.entries == .composite && overrun.count == 3 && overrun.limit == 2 && overrun.prunable == 1)
    #expect(overrun.unserved == 1 && !overrun.pruned)
    #expect(plan.unserved.map(\.query.line) == [3])
    #expect(plan.unserved.first?.why == .manifestAlreadyOver(.composite, limit: 2))
    #expect(plan.isOverBudget && plan.isBudgetLimited)
  }

  @Test("--limit 0: nothing is dropped; pruning cannot reach the limit, so the message says raise it too")
  func zeroLimit() throws {
    let plan = try plan(limit: 0)
    #expect(plan.manifest.indexes.count == 3)
    #expect(plan.added.isEmpty)
    let overrun = try #require(plan.overruns.first)
    #expect(overrun.count == 3 && overrun.prunable == 1 && overrun.limit == 0)
  }

  @Test("--prune that brings the manifest within --limit is no overrun; one that does not says 'after --prune'")
  func pruneFirst() throws {
    let within = try plan(limit: 2, prune: true)
    #expect(within.overruns.isEmpty)
    #expect(within.compositeCount == 2)
    let still = try plan(limit: 1, prune: true)
    let overrun = try #require(still.overruns.first)
    #expect(overrun.pruned && overrun.count == 2 && overrun.limit == 1)
    #expect(overrun.prunable == 0)
  }

  @Test("exactly at the limit is no overrun: the plan keeps within it")
  func atLimit() throws {
    let plan = try plan(limit: 3)
    #expect(plan.overruns.isEmpty)
    #expect(plan.compositeCount == 3)
    #expect(plan.unserved.first?.why == .overBudget(.composite, limit: 3))
  }

  @Test("--override-limit 0 with an existing override: no override added, the overrun says so")
  func overrideLimit() throws {
    let plan = try plan(limit: 200, overrides: 0)
    #expect(plan.overrides.isEmpty)
    #expect(plan.overrideCount == 1)
    let overrun = try #require(plan.overruns.first)
    #expect(overrun.entries == .overrides && overrun.count == 1 && overrun.limit == 0)
    #expect(plan.unserved.map(\.query.line) == [4])
    #expect(plan.unserved.first?.why == .manifestAlreadyOver(.overrides, limit: 0))
    // The composite budget has room: the composite query is served.
    #expect(plan.added.count == 1)
  }

  @Test("with room, no overrun and nothing budget-limited")
  func room() throws {
    let plan = try plan(limit: 200)
    #expect(plan.overruns.isEmpty && !plan.isBudgetLimited)
    #expect(plan.unserved.isEmpty)
  }
}
