import FlintTestSupport
import Foundation
import Testing

/// `flint indexes` budgets end to end: a manifest already over `--limit` or `--override-limit`
/// (nothing added, exit 1, said in the plan, the JSON and on stderr), bad limit values, and the
/// optimality line under a tight budget.
@Suite("flint indexes budgets")
struct IndexesBudgetCommandTests {
  func sandbox() throws -> URL { try IndexesCommandTests().sandbox() }

  func read(_ dir: URL, _ name: String) throws -> String {
    try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
  }

  static let overrun =
    "over budget: the manifest already holds 1 composite index, more than --limit 0: no composite index was added, "
    + "so 1 query stays unserved; raise --limit (Firestore allows 200 without billing, 1,000 with), "
    + "or remove indexes by hand"

  @Test("over --limit to stdout: nothing added, the existing index kept, said once on stderr, exit 1")
  func overLimit() throws {
    let dir = try sandbox()
    let result = try FlintRunner.run(["indexes", "--limit", "0", "q.txt"], in: dir)
    #expect(result.status == 1)
    #expect(result.stdout.contains(#""fieldPath": "author""#))
    #expect(!result.stdout.contains(#""fieldPath": "tag""#))
    #expect(result.stderr.contains(Self.overrun + "\n"))
    #expect(result.stderr.components(separatedBy: "over budget:").count == 2, "said once")
    #expect(result.stderr.contains("budget: 1/0 composite"))
    #expect(result.stderr.contains("needs 1 composite index; the manifest already exceeds --limit 0"))
  }

  @Test("over --limit with --out: the manifest is written with nothing added; plan on stdout, flint: on stderr")
  func overLimitOut() throws {
    let dir = try sandbox()
    let result = try FlintRunner.run(["indexes", "--limit", "0", "--out", "m.json", "q.txt"], in: dir)
    #expect(result.status == 1)
    #expect(result.stdout.contains(Self.overrun))
    #expect(result.stderr.contains("flint: " + Self.overrun))
    let written = try read(dir, "m.json")
    #expect(written.contains(#""x-team": "feed""#) && !written.contains(#""fieldPath": "tag""#))
  }

  @Test("over --limit in JSON: exit 1 (a query stays unserved); with --check on served queries: reported, exit 0")
  func overLimitJSONAndCheck() throws {
    let dir = try sandbox()
    let json = try FlintRunner.run(["indexes", "--limit", "0", "--format", "json", "q.txt"], in: dir)
    #expect(json.status == 1)
    #expect(json.stdout.contains(#""entries":"composite""#))
    #expect(json.stdout.contains(#""budgetLimited":true"#))
    #expect(json.stderr.contains("flint: " + Self.overrun))
    try IndexesCommandTests.queries.components(separatedBy: "\n")[0]
      .write(to: dir.appendingPathComponent("served.txt"), atomically: true, encoding: .utf8)
    let check = try FlintRunner.run(["indexes", "--check", "--limit", "0", "served.txt"], in: dir)
    #expect(check.status == 0, "every query is served: over budget alone is a warning (billing allows 1,000)")
    #expect(check.stdout.contains("over budget: the manifest already holds 1 composite index, more than --limit 0"))
    #expect(check.stderr.contains("flint: over budget: the manifest already holds 1 composite index"))
    let plan = try FlintRunner.run(["indexes", "--limit", "0", "served.txt"], in: dir)
    #expect(plan.status == 0, "nothing had to be added")
    #expect(plan.stderr.contains("over budget: the manifest already holds 1 composite index, more than --limit 0"))
    let fine = try FlintRunner.run(["indexes", "--check", "served.txt"], in: dir)
    #expect(fine.status == 0)
  }

  @Test("over --override-limit: no override added, exit 1")
  func overOverrideLimit() throws {
    let dir = try sandbox()
    try """
    {"indexes": [], "fieldOverrides": [{"collectionGroup": "reviews", "fieldPath": "rating", "indexes": [
      {"order": "ASCENDING", "queryScope": "COLLECTION"}, {"order": "ASCENDING", "queryScope": "COLLECTION_GROUP"}]}]}
    """.write(to: dir.appendingPathComponent("o.json"), atomically: true, encoding: .utf8)
    try #"collectionGroup("comments").where("score", "==", 1)"#
      .write(to: dir.appendingPathComponent("cg.txt"), atomically: true, encoding: .utf8)
    let result = try FlintRunner.run(["indexes", "--existing", "o.json", "--override-limit", "0", "cg.txt"], in: dir)
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("over budget: the manifest already holds 1 field override, more than --override-limit 0"))
    #expect(result.stderr.contains("budget: 0/200 composite, 1/0 overrides"))
    #expect(!result.stdout.contains("comments"))
  }

  @Test("negative or non-numeric limits: a clear message, exit 2")
  func badLimits() throws {
    let dir = try sandbox()
    let negative = try FlintRunner.run(["indexes", "--limit", "-1", "q.txt"], in: dir)
    #expect(negative.status == 2)
    #expect(
      negative.stderr.hasPrefix(
        "Error: --limit must be a non-negative integer (a number of manifest entries), got '-1'\nUsage: flint indexes"),
      "\(negative.stderr)")
    let override = try FlintRunner.run(["indexes", "--override-limit", "-5", "q.txt"], in: dir)
    #expect(override.status == 2)
    #expect(override.stderr.contains("--override-limit must be a non-negative integer"))
    let word = try FlintRunner.run(["indexes", "--limit", "many", "q.txt"], in: dir)
    #expect(word.status == 2)
    #expect(word.stderr.contains("got 'many'"))
  }

  @Test("a tight --limit: the optimality line speaks of what the budget serves")
  func tightOptimality() throws {
    let dir = try sandbox()
    let result = try FlintRunner.run(["indexes", "--limit", "1", "q.txt"], in: dir)
    #expect(result.status == 0, "at the limit, not over it")
    #expect(
      result.stderr.contains(
        "optimality: within the budget, 0 new composite indexes serve 1 of 2 queries (weight 1 of 4; chosen by "
          + "weight per new index, not proven optimal); every query needs 1 new composite index "
          + "(lower bound 1, optimal), 1 more than --limit 1 allows\n"))
    #expect(!result.stderr.contains("serves every query"))
  }

  @Test("an unwritable --out has the flint: prefix")
  func unwritablePrefix() throws {
    let dir = try sandbox()
    let result = try FlintRunner.run(["indexes", "--out", "nodir/x.json", "q.txt"], in: dir)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("flint: cannot write 'nodir/x.json'"))
  }
}
