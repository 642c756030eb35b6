import FlintTestSupport
import Foundation
import Testing

/// `flint indexes` on an app's source folder, end to end with the real executable.
@Suite("flint indexes on source")
struct IndexesSourceCommandTests {
  static let feed = """
    import { collection, query, where, orderBy, getDocs } from "firebase/firestore";

    export async function mine(uid: string) {
      return getDocs(query(collection(db, "posts"), where("author", "==", uid), orderBy("at", "desc")));
    }

    export async function tagged(tag: string) {
      const q = query(collection(db, "posts"), where("tag", "==", tag), orderBy("at", "desc"));
      return getDocs(q);
    }
    """
  static let swift = """
    import FirebaseFirestore

    func load(db: Firestore, field: String) async throws {
      _ = try await db.collection("posts").whereField(field, isEqualTo: 1).getDocuments()
    }
    """
  /// Serves `mine` only.
  static let manifest = """
    {
      "indexes": [
        {"collectionGroup": "posts", "queryScope": "COLLECTION", "fields": [
          {"fieldPath": "author", "order": "ASCENDING"}, {"fieldPath": "at", "order": "DESCENDING"}]}
      ],
      "fieldOverrides": []
    }
    """

  func sandbox() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flint-source-\(UUID().uuidString)")
    let fm = FileManager.default
    try fm.createDirectory(at: dir.appendingPathComponent("app/src"), withIntermediateDirectories: true)
    try fm.createDirectory(at: dir.appendingPathComponent("app/node_modules/lib"), withIntermediateDirectories: true)
    try fm.createDirectory(at: dir.appendingPathComponent("app/generated"), withIntermediateDirectories: true)
    try Self.feed.write(to: dir.appendingPathComponent("app/src/feed.ts"), atomically: true, encoding: .utf8)
    // Never read: a dependency folder, a .gitignore'd folder.
    let other = #"getDocs(query(collection(db, "zzz"), where("x", "==", 1), orderBy("y")));"#
    try other.write(to: dir.appendingPathComponent("app/node_modules/lib/index.js"), atomically: true, encoding: .utf8)
    try other.write(to: dir.appendingPathComponent("app/generated/gen.js"), atomically: true, encoding: .utf8)
    try "generated/\n".write(to: dir.appendingPathComponent("app/.gitignore"), atomically: true, encoding: .utf8)
    try Self.manifest.write(to: dir.appendingPathComponent("firestore.indexes.json"), atomically: true, encoding: .utf8)
    try #"{"firestore": {"indexes": "firestore.indexes.json"}}"#
      .write(to: dir.appendingPathComponent("firebase.json"), atomically: true, encoding: .utf8)
    return dir
  }

  @Test("--check on a folder names the file and line of the unserved query; --out serves every query")
  func checkAndWrite() throws {
    let dir = try sandbox()
    let check = try FlintRunner.run(["indexes", "--check", "app"], in: dir)
    #expect(check.status == 1, "\(check.stderr)")
    #expect(check.stdout.contains("app/src/feed.ts:9: not served"), "\(check.stdout)")
    #expect(check.stdout.contains("needs posts (tag ASC, at DESC, __name__ DESC)"))
    #expect(!check.stdout.contains("zzz"))
    #expect(check.stdout.contains("check: 1 of 2 queries are not served"))

    let write = try FlintRunner.run(["indexes", "--out", "firestore.indexes.json", "app"], in: dir)
    #expect(write.status == 0, "\(write.stderr)")
    let again = try FlintRunner.run(["indexes", "--check", "app"], in: dir)
    #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
    #expect(again.stdout.contains("check: all 2 queries are served"))
  }

  @Test("--check on a Kotlin and a Dart app names the file and line of the unserved query; --out serves both")
  func kotlinAndDart() throws {
    let dir = try sandbox()
    try FileManager.default.removeItem(at: dir.appendingPathComponent("app/src/feed.ts"))
    let kotlin = """
      class Feed(private val uid: String) {
          private val db = Firebase.firestore

          suspend fun mine() = db.collection("posts")
              .whereEqualTo("author", uid)
              .orderBy("at", Query.Direction.DESCENDING)
              .get()
              .await()
      }
      """
    let dart = """
      Future<void> tagged(String tag) async {
        await FirebaseFirestore.instance
            .collection('posts')
            .where('tag', isEqualTo: tag)
            .orderBy('at', descending: true)
            .get();
      }
      """
    try kotlin.write(to: dir.appendingPathComponent("app/src/Feed.kt"), atomically: true, encoding: .utf8)
    try dart.write(to: dir.appendingPathComponent("app/src/tagged.dart"), atomically: true, encoding: .utf8)
    let check = try FlintRunner.run(["indexes", "--check", "app"], in: dir)
    #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
    #expect(check.stdout.contains("app/src/tagged.dart:2: not served"), "\(check.stdout)")
    #expect(check.stdout.contains("needs posts (tag ASC, at DESC, __name__ DESC)"), "\(check.stdout)")
    #expect(check.stdout.contains("check: 1 of 2 queries are not served"), "\(check.stdout)")

    let write = try FlintRunner.run(["indexes", "--out", "firestore.indexes.json", "app"], in: dir)
    #expect(write.status == 0, "\(write.stderr)")
    let again = try FlintRunner.run(["indexes", "--check", "app"], in: dir)
    #expect(again.status == 0, "\(again.stdout)\(again.stderr)")

    let list = try FlintRunner.run(["indexes", "--list-queries", "app"], in: dir)
    #expect(
      list.stdout.contains(
        #"app/src/Feed.kt:4:26: collection("posts").where("author", "==", uid).orderBy("at", "desc")"#),
      "\(list.stdout)")
  }

  @Test("an unresolved query fails --check unless --allow-unresolved, and is listed")
  func unresolved() throws {
    let dir = try sandbox()
    try Self.swift.write(to: dir.appendingPathComponent("app/src/Load.swift"), atomically: true, encoding: .utf8)
    _ = try FlintRunner.run(["indexes", "--out", "firestore.indexes.json", "app"], in: dir)
    let check = try FlintRunner.run(["indexes", "--check", "app"], in: dir)
    #expect(check.status == 1)
    #expect(
      check.stderr.contains("app/src/Load.swift:4:17: warning: unresolved query (the field is not a constant (field))"),
      "\(check.stderr)")
    #expect(check.stderr.contains("--allow-unresolved"))
    let allowed = try FlintRunner.run(["indexes", "--check", "--allow-unresolved", "app"], in: dir)
    #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")

    let list = try FlintRunner.run(["indexes", "--list-queries", "--format", "json", "app"], in: dir)
    #expect(list.status == 0)
    #expect(list.stdout.contains(#""reason": "the field is not a constant (field)""#), "\(list.stdout)")
    #expect(
      list.stdout.contains(#""query": "collection(\"posts\").where(\"tag\", \"==\", tag).orderBy(\"at\", \"desc\")""#))
  }

  @Test("--prune removes nothing while a source query is unresolved (it may use any index)")
  func pruneWithUnresolved() throws {
    let dir = try sandbox()
    let unused = """
      {"indexes": [
        {"collectionGroup": "posts", "queryScope": "COLLECTION", "fields": [
          {"fieldPath": "author", "order": "ASCENDING"}, {"fieldPath": "at", "order": "DESCENDING"}]},
        {"collectionGroup": "posts", "queryScope": "COLLECTION", "fields": [
          {"fieldPath": "x", "order": "ASCENDING"}, {"fieldPath": "y", "order": "DESCENDING"}]}
      ], "fieldOverrides": []}
      """
    try unused.write(to: dir.appendingPathComponent("firestore.indexes.json"), atomically: true, encoding: .utf8)
    try Self.swift.write(to: dir.appendingPathComponent("app/src/Load.swift"), atomically: true, encoding: .utf8)
    let kept = try FlintRunner.run(["indexes", "--prune", "--out", "kept.json", "app"], in: dir)
    #expect(kept.status == 0, "\(kept.stderr)")
    #expect(kept.stderr.contains("warning: nothing pruned: 1 source query is unresolved"), "\(kept.stderr)")
    #expect(try String(contentsOf: dir.appendingPathComponent("kept.json"), encoding: .utf8).contains("\"x\""))

    try FileManager.default.removeItem(at: dir.appendingPathComponent("app/src/Load.swift"))
    let pruned = try FlintRunner.run(["indexes", "--prune", "--out", "pruned.json", "app"], in: dir)
    #expect(pruned.status == 0, "\(pruned.stderr)")
    #expect(try !String(contentsOf: dir.appendingPathComponent("pruned.json"), encoding: .utf8).contains("\"x\""))
  }

  @Test("variants of one conditional query are named once in the plan")
  func variantsNamedOnce() throws {
    let dir = try sandbox()
    let conditional = """
      export async function mine(uid: string, tag?: string) {
        let q = query(collection(db, "posts"), where("author", "==", uid));
        if (tag) q = query(q, where("kind", "==", tag));
        return getDocs(query(q, orderBy("at", "desc")));
      }
      """
    try conditional.write(to: dir.appendingPathComponent("app/src/feed.ts"), atomically: true, encoding: .utf8)
    let plan = try FlintRunner.run(["indexes", "--out", "out.json", "app"], in: dir)
    #expect(plan.status == 0, "\(plan.stderr)")
    #expect(plan.stdout.contains("plan: 2 queries, 2 served"), "\(plan.stdout)")
    #expect(
      plan.stdout.contains("= posts (author ASC, at DESC, __name__ DESC)  <- app/src/feed.ts:4\n"), "\(plan.stdout)")
  }

  @Test("--exclude skips matching files; a workload file and a source file mix")
  func excludeAndMix() throws {
    let dir = try sandbox()
    try #"collection("posts").where("author", "==", auth.uid).orderBy("at", "desc")"#
      .write(to: dir.appendingPathComponent("q.txt"), atomically: true, encoding: .utf8)
    let excluded = try FlintRunner.run(["indexes", "--check", "--exclude", "*.ts", "q.txt", "app"], in: dir)
    #expect(excluded.status == 0, "\(excluded.stdout)\(excluded.stderr)")
    #expect(excluded.stdout.contains("check: the query is served"), "\(excluded.stdout)")
    let workload = try FlintRunner.run(["indexes", "--list-queries", "q.txt", "app"], in: dir)
    #expect(workload.status == 2)
    #expect(workload.stderr.contains("'q.txt' is a workload file"), "\(workload.stderr)")
    let text = try FlintRunner.run(["indexes", "--list-queries", "app/src/feed.ts"], in: dir)
    #expect(text.stdout.contains("app/src/feed.ts:4:18: collection(\"posts\")"), "\(text.stdout)")
    #expect(text.stdout.hasSuffix("2 queries, 0 unresolved\n"))
  }

  @Test("a source file that is not text: its place, exit 2, nothing planned; a bad --show-unresolved is a usage error")
  func binarySource() throws {
    let dir = try sandbox()
    var bytes = Data("const a = 1;\n".utf8)
    bytes.append(contentsOf: [0x00, 0xFF])
    try bytes.write(to: dir.appendingPathComponent("app/src/blob.js"))
    let check = try FlintRunner.run(["indexes", "--check", "app"], in: dir)
    #expect(check.status == 2, "\(check.stdout)\(check.stderr)")
    #expect(check.stderr.contains("app/src/blob.js:2:1: error: "), "\(check.stderr)")
    #expect(check.stdout.isEmpty)
    let write = try FlintRunner.run(["indexes", "--out", "m.json", "app"], in: dir)
    #expect(write.status == 2)
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("m.json").path))

    let shown = try FlintRunner.run(["indexes", "--check", "--show-unresolved", "some", "app"], in: dir)
    #expect(shown.status == 2)
    #expect(shown.stderr.contains("--show-unresolved"), "\(shown.stderr)")
  }

  @Test("a test folder and a bundle are skipped and counted once; --include-all reads them")
  func skippedAndIncluded() throws {
    let dir = try sandbox()
    let fm = FileManager.default
    try fm.createDirectory(at: dir.appendingPathComponent("app/src/__tests__"), withIntermediateDirectories: true)
    try fm.createDirectory(at: dir.appendingPathComponent("app/dist"), withIntermediateDirectories: true)
    let other = #"getDocs(query(collection(db, "zzz"), where("x", "==", 1), orderBy("y")));"#
    try other.write(to: dir.appendingPathComponent("app/src/__tests__/feed.ts"), atomically: true, encoding: .utf8)
    try other.write(to: dir.appendingPathComponent("app/dist/app.js"), atomically: true, encoding: .utf8)
    let check = try FlintRunner.run(["indexes", "--check", "app"], in: dir)
    #expect(!check.stdout.contains("zzz"), "\(check.stdout)")
    #expect(
      check.stderr.contains(
        "flint: note: skipped 2 files that are not the app's own source (1 bundled or minified, 1 test); --include-all reads them"
      ), "\(check.stderr)")
    let all = try FlintRunner.run(["indexes", "--list-queries", "--include-all", "app"], in: dir)
    #expect(all.stdout.contains("app/dist/app.js:1:9: collection(\"zzz\")"), "\(all.stdout)")
    #expect(all.stdout.contains("app/src/__tests__/feed.ts:1:9"), "\(all.stdout)")
    #expect(!all.stderr.contains("skipped"))
  }
}
