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

  /// A Dart app: an entry file, a screen it imports calling a live query, an uncalled method
  /// and a backup file nothing imports, each with a query no automatic index serves.
  static let deadCode: [(String, String)] = [
    ("lib/main.dart", "import 'screen.dart';\nvoid main() { runApp(Screen()); }\n"),
    (
      "lib/screen.dart",
      """
      import 'package:cloud_firestore/cloud_firestore.dart';
      class Screen {
        @override
        Widget build(BuildContext context) {
          FirebaseFirestore.instance.collection('posts').where('a', isEqualTo: 1).orderBy('b').get();
          return Text('');
        }
        void unused() {
          FirebaseFirestore.instance.collection('posts').where('c', isEqualTo: 1).orderBy('d').get();
        }
      }
      """
    ),
    (
      "lib/screen_backup.dart",
      """
      import 'package:cloud_firestore/cloud_firestore.dart';
      void oldBuild() {
        FirebaseFirestore.instance.collection('posts').where('e', isEqualTo: 1).orderBy('f').get();
      }
      """
    ),
  ]

  @Test("--check: queries in code nothing calls are left out of the verdict and exit status, counted in one note")
  func deadQueries() {
    let check = IndexesJob.run(input(Self.deadCode, task: .check(allowUnresolved: false)))
    let out = text(check, .out)
    #expect(check.status == .failure)
    #expect(out.contains("lib/screen.dart:5: not served"), "\(out)")
    #expect(!out.contains("lib/screen.dart:9: not served"), "\(out)")
    #expect(!out.contains("lib/screen_backup.dart:3: not served"), "\(out)")
    #expect(out.contains("check: 1 of 1 queries are not served"), "\(out)")
    #expect(
      out.contains(
        "note: 2 unserved queries in code nothing calls (a file nothing imports, a function nothing names), "
          + "not counted: lib/screen.dart:9, lib/screen_backup.dart:3; --list-queries marks them \"dead\""),
      "\(out)")

    // The live query alone unserved fails the check; once it is served, the dead ones do not.
    var served = input(Self.deadCode, task: .check(allowUnresolved: false))
    served.existing = (
      "m.json",
      Array(
        """
        {"indexes": [{"collectionGroup": "posts", "queryScope": "COLLECTION", "fields": [
          {"fieldPath": "a", "order": "ASCENDING"}, {"fieldPath": "b", "order": "ASCENDING"}]}]}
        """.utf8)
    )
    let passing = IndexesJob.run(served)
    #expect(passing.status == .success, "\(text(passing, .out))")
    #expect(text(passing, .out).contains("check: the query is served"), "\(text(passing, .out))")
    #expect(text(passing, .out).contains("note: 2 unserved queries in code nothing calls"), "\(text(passing, .out))")
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
