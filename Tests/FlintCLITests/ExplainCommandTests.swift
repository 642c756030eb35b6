import Foundation
import Testing

/// `flint query --analyze/--plan/--max-reads/--scale` and `flint indexes --reads`.
@Suite("flint query --analyze and flint indexes --reads")
struct ExplainCommandTests {
  static let rules = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        match /posts/{post} { allow read: if false; }
      }
    }
    """
  static let data = """
    {"posts/p1": {"owner": "alice", "likes": 10},
     "posts/p2": {"owner": "bob", "likes": 3},
     "posts/p3": {"owner": "alice", "likes": 0}}
    """

  static func sandbox() throws -> Sandbox {
    let box = try Sandbox()
    try box.write("posts.rules", rules)
    try box.write("data.json", data)
    try box.write("firestore.indexes.json", #"{"indexes": [], "fieldOverrides": []}"#)
    return box
  }

  @Test("--analyze prints Query Explain's report; the rules are not applied")
  func analyze() throws {
    let box = try Self.sandbox()
    let result = try box.run(
      "query", "--rules", "posts.rules", "--data", "data.json", "--analyze",
      #"collection("posts").where("owner", "==", "alice")"#)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        plan:
          indexes used:
            (owner ASC, __name__ ASC) Collection
        execution:
          results returned: 2
          read operations: 2
          index entries scanned: 2
          documents scanned: 2

        """)
  }

  @Test("--analyze --format json: explainMetrics as the SDKs return it")
  func analyzeJSON() throws {
    let box = try Self.sandbox()
    let result = try box.run(
      "query", "--data", "data.json", "--analyze", "--format", "json",
      #"collection("posts").where("owner", "==", "bob")"#)
    #expect(result.status == 0)
    #expect(
      result.stdout
        == #"{"explainMetrics": {"planSummary": {"indexesUsed": [{"query_scope": "Collection", "properties": "(owner ASC, __name__ ASC)"}]}, "executionStats": {"resultsReturned": 1, "readOperations": 1, "debugStats": {"index_entries_scanned": 1, "documents_scanned": 1}}}}"#
        + "\n")
  }

  @Test("--plan: the indexes only; a missing index fails with a manifest")
  func plan() throws {
    let box = try Self.sandbox()
    let served = try box.run("query", "--plan", #"collection("posts").orderBy("likes", "desc")"#)
    #expect(served.status == 0)
    #expect(served.stdout == "plan (not executed):\n  indexes used:\n    (likes DESC, __name__ DESC) Collection\n")
    let missing = try box.run(
      "query", "--plan", "--indexes", "firestore.indexes.json",
      #"collection("posts").where("owner", "==", "alice").orderBy("likes")"#)
    #expect(missing.status == 1)
    #expect(
      missing.stdout.contains(
        "(owner ASC, likes ASC, __name__ ASC) Collection (MISSING: not in firestore.indexes.json)"))
  }

  @Test("--max-reads: exit 1 over the budget, 0 within it")
  func maxReads() throws {
    let box = try Self.sandbox()
    let query = #"collection("posts").where("likes", ">=", 0)"#
    let over = try box.run("query", "--data", "data.json", "--max-reads", "2", query)
    #expect(over.status == 1)
    #expect(over.stderr.contains("the query bills 3 reads on the seeded data, over --max-reads 2"))
    #expect(over.stdout.contains("reads: 3"))
    let within = try box.run("query", "--data", "data.json", "--max-reads", "3", query)
    #expect(within.status == 0)
    let bad = try box.run("query", "--plan", "--max-reads", "3", query)
    #expect(bad.status == 2)
  }

  @Test("--analyze/--max-reads with a value nothing binds: not computed, exit 1; --max-reads needs --data")
  func maxReadsUnknownValue() throws {
    let box = try Self.sandbox()
    let query = #"collection("posts").where("owner", "==", owner)"#
    let analyzed = try box.run("query", "--data", "data.json", "--analyze", query)
    #expect(analyzed.status == 1, "\(analyzed.stdout)")
    #expect(!analyzed.stdout.contains("read operations"))
    let budgets = [
      try box.run("query", "--data", "data.json", "--analyze", "--max-reads", "5", query),
      try box.run("query", "--data", "data.json", "--max-reads", "5", query),
    ]
    for budget in budgets {
      #expect(budget.status == 1)
      #expect(budget.stderr.contains("flint: reads not computed: no value for owner, so --max-reads 5 is not met"))
    }
    let bound = try box.run(
      "query", "--data", "data.json", "--analyze", "--max-reads", "5", "--var", "owner=bob", query)
    #expect(bound.status == 0, "\(bound.stderr)")
    let noData = try box.run("query", "--analyze", "--max-reads", "5", #"collection("posts")"#)
    #expect(noData.status == 2)
    #expect(noData.stderr.contains("--max-reads needs --data"))
  }

  @Test("--scale multiplies a collection's documents and says the figures are scaled")
  func scale() throws {
    let box = try Self.sandbox()
    let result = try box.run(
      "query", "--data", "data.json", "--analyze", "--scale", "posts=1000",
      #"collection("posts").where("owner", "==", "alice")"#)
    #expect(result.status == 0)
    #expect(result.stdout.contains("execution (estimate, scaled: posts ×1000):\n  results returned: 2000\n"))
    let bad = try box.run("query", "--data", "data.json", "--analyze", "--scale", "posts=0", #"collection("posts")"#)
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("invalid --scale"))
  }

  @Test("flint indexes --reads: most reads first, the weighted total, @max-reads fails")
  func workloadReads() throws {
    let box = try Self.sandbox()
    try box.write(
      "queries.txt",
      """
      collection("posts").where("owner", "==", "alice") @weight 10
      collection("posts") @max-reads 2
      collection("posts").where("owner", "==", "carol")
      """)
    let result = try box.run("indexes", "--reads", "--data", "data.json", "queries.txt")
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        reads on the seed data, most first:
          3  queries.txt:2  collection("posts")  OVER @max-reads 2
          2  queries.txt:1  collection("posts").where("owner", "==", "alice")  ×10
          1  queries.txt:3  collection("posts").where("owner", "==", "carol")
        total: 24 reads (each query's reads × its @weight)

        """)
    #expect(
      result.stderr.contains("queries.txt:2: over budget: the query bills 3 reads on the seed data, over @max-reads 2"))
    let noData = try box.run("indexes", "--reads", "queries.txt")
    #expect(noData.status == 2)
  }

  @Test("flint indexes --reads: a weighted total past the largest integer saturates instead of trapping")
  func workloadReadsSaturate() throws {
    let box = try Self.sandbox()
    let line = #"collection("posts") @weight 1000000000"#
    try box.write("queries.txt", Array(repeating: line, count: 4).joined(separator: "\n") + "\n")
    let result = try box.run("indexes", "--reads", "--data", "data.json", "--scale", "posts=1000000000", "queries.txt")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.hasSuffix(
        "total: ≥ 9223372036854775807 reads (each query's reads × its @weight; the sum passes the largest integer Flint counts to)\n"
      ))
    let json = try box.run(
      "indexes", "--reads", "--data", "data.json", "--scale", "posts=1000000000", "--format", "json", "queries.txt")
    #expect(json.status == 0)
    #expect(json.stdout.contains(#""totalWeightedReads": 9223372036854775807, "totalSaturated": true"#))
  }

  @Test("flint indexes --reads: a query naming an unknown value is not computed and fails its @max-reads")
  func workloadReadsUnknownValue() throws {
    let box = try Self.sandbox()
    try box.write(
      "queries.txt",
      """
      collection("posts").where("owner", "==", auth.uid) @max-reads 5
      collection("posts").where("owner", "==", "alice")
      collection("posts").where("owner", "==", owner) @weight 3
      """)
    let result = try box.run("indexes", "--reads", "--data", "data.json", "queries.txt")
    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      result.stdout == """
        reads on the seed data, most first:
          2  queries.txt:2  collection("posts").where("owner", "==", "alice")
          not computed: no value for auth.uid  queries.txt:1  collection("posts").where("owner", "==", auth.uid)  OVER @max-reads 5
          not computed: no value for owner  queries.txt:3  collection("posts").where("owner", "==", owner)  ×3
        total: 2 reads (each query's reads × its @weight; 2 queries not computed)

        """)
    #expect(
      result.stderr.contains(
        "queries.txt:1: over budget: the query's reads are not computed: no value for auth.uid, so @max-reads 5 is not met"
      ))
    let json = try box.run("indexes", "--reads", "--data", "data.json", "--format", "json", "queries.txt")
    #expect(json.status == 1)
    #expect(
      json.stdout.contains(
        #""readOperations": null, "resultsReturned": null, "indexEntriesScanned": null, "overBudget": true, "missingValue": "auth.uid""#
      ))
    let signedIn = try box.run(
      "indexes", "--reads", "--data", "data.json", "--auth", #"{"uid": "alice"}"#, "queries.txt")
    #expect(signedIn.status == 0, "\(signedIn.stderr)")
    #expect(
      signedIn.stdout.contains(
        "  2  queries.txt:1  collection(\"posts\").where(\"owner\", \"==\", auth.uid)  (@max-reads 5)\n"))
    let bound = try box.run(
      "indexes", "--reads", "--data", "data.json", "--auth", #"{"uid": "alice"}"#, "--var", "owner=bob", "queries.txt")
    #expect(bound.status == 0, "\(bound.stderr)")
    #expect(bound.stdout.contains("  1  queries.txt:3  collection(\"posts\").where(\"owner\", \"==\", owner)  ×3\n"))
    #expect(bound.stdout.contains("total: 7 reads (each query's reads × its @weight)\n"), "\(bound.stdout)")
    let badAuth = try box.run("indexes", "--reads", "--data", "data.json", "--auth", #"{"id": "x"}"#, "queries.txt")
    #expect(badAuth.status == 2)
    #expect(badAuth.stderr.contains("invalid --auth"))
    let noReads = try box.run("indexes", "--var", "owner=bob", "queries.txt")
    #expect(noReads.status == 2)
    #expect(noReads.stderr.contains("--var are for --reads"))
  }
}
