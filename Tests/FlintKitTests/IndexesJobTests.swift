import FlintKit
import Foundation
import IndexAdvisor
import SourceQueries
import Testing

/// `IndexesJob` with in-memory input: what it plans, prints and exits with.
@Suite("Indexes job")
struct IndexesJobTests {
  static let refused = """
    import { getFirestore } from "firebase-admin/firestore"; const db = getFirestore();
    export async function matching(tag, topic) {
      return db.collection("posts").where("tags", "array-contains", tag).where("topics", "array-contains", topic).get();
    }
    export async function recent(author) {
      return db.collection("posts").where("author", "==", author).orderBy("createdAt", "desc").get();
    }
    """

  func input(_ sources: [(String, String)], task: IndexesJob.Task) -> IndexesJob.Input {
    var input = IndexesJob.Input(
      queryFiles: [], existing: nil, options: PlanOptions(),
      sourceFiles: sources.map { ($0.0, Array($0.1.utf8)) })
    input.task = task
    return input
  }

  func text(_ output: IndexesJob.Output, _ stream: IndexesJob.Printed.Stream) -> String {
    output.printed.filter { $0.stream == stream }.map(\.text).joined()
  }

  @Test("a query Firestore refuses is a finding at its place; the other is still planned; --check exits 1")
  func refusedQuery() {
    let check = IndexesJob.run(input([("f/index.js", Self.refused)], task: .check(allowUnresolved: false)))
    #expect(check.status == .failure)
    #expect(check.invalid.map(\.place.description) == ["f/index.js:3"])
    #expect(check.queries.count == 1)
    let out = text(check, .out)
    #expect(out.hasPrefix("f/index.js:3:10: error: Firestore refuses this query: "), "\(out)")
    #expect(out.contains("array-contains"), "\(out)")
    #expect(out.contains("f/index.js:6: not served"), "\(out)")
    #expect(out.contains("check: 1 query is refused by Firestore"), "\(out)")

    // Planning writes the manifest for the valid query and still exits 1.
    let plan = IndexesJob.run(input([("f/index.js", Self.refused)], task: .plan(out: "m.json")))
    #expect(plan.status == .failure)
    #expect(plan.manifestToWrite?.contains("\"createdAt\"") == true)
    #expect(text(plan, .error).contains("error: Firestore refuses this query"))
  }

  @Test("a source file that is not text stops the plan with its place (exit 2); bundles are skipped and counted")
  func notTextAndSkipped() {
    var bytes = Array("db.collection(\"a\").get();\n".utf8)
    bytes.append(0xFF)
    var binary = input([], task: .check(allowUnresolved: false))
    binary.sourceFiles = [("bin.js", bytes)]
    let refused = IndexesJob.run(binary)
    #expect(refused.status == .usage)
    #expect(refused.plan == nil)
    #expect(text(refused, .error).hasPrefix("bin.js:2:"), "\(text(refused, .error))")

    let minified = "//# sourceMappingURL=a.js.map\n"
    let listed = IndexesJob.run(input([("a.js", minified), ("b.js", "// app\n")], task: .listQueries))
    #expect(listed.skipped == [SkippedSource(path: "a.js", reason: .bundled)])
    #expect(
      text(listed, .error)
        == "flint: note: skipped 1 file that is not the app's own source (1 bundled or minified); --include-all reads them"
    )
    var all = input([("a.js", minified)], task: .listQueries)
    all.readsAllSources = true
    #expect(IndexesJob.run(all).skipped.isEmpty)
  }

  @Test("unresolved queries: the first N listed, one count line for the rest; --check fails unless allowed")
  func unresolvedCapped() {
    let header = "import { getFirestore } from \"firebase-admin/firestore\";\nconst db = getFirestore();\n"
    let lines =
      header + (1...15).map { "db.collection(\"posts\").where(f\($0), \"==\", 1).get();" }.joined(separator: "\n")
    var capped = input([("u.js", lines)], task: .check(allowUnresolved: false))
    capped.unresolvedShown = 3
    let output = IndexesJob.run(capped)
    #expect(output.unresolved.count == 15)
    let errors = text(output, .error)
    #expect(errors.components(separatedBy: "warning: unresolved query").count - 1 == 3, "\(errors)")
    #expect(errors.contains("warning: 12 more unresolved source queries not listed (15 in all; --show-unresolved all"))
    #expect(errors.contains("flint: check failed: 15 source queries are unresolved (3 listed above)"))
    #expect(output.status == .failure)
    var allowed = capped
    allowed.task = .check(allowUnresolved: true)
    #expect(IndexesJob.run(allowed).status == .success)
  }
}
