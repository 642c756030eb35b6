import FlintTestSupport
import Foundation
import Testing

/// `flint indexes` end to end: files in a temporary folder, the real executable.
@Suite("flint indexes")
struct IndexesCommandTests {
  static let manifest = """
    {
      "indexes": [
        {"collectionGroup": "posts", "queryScope": "COLLECTION", "x-team": "feed", "fields": [
          {"fieldPath": "author", "order": "ASCENDING"}, {"fieldPath": "at", "order": "DESCENDING"}]}
      ],
      "fieldOverrides": []
    }
    """
  static let queries = """
    collection("posts").where("author", "==", auth.uid).orderBy("at", "desc")
    collection("posts").where("tag", "==", "x").orderBy("at", "desc")  @weight 3
    """

  func sandbox() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flint-indexes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try Self.manifest.write(to: dir.appendingPathComponent("firestore.indexes.json"), atomically: true, encoding: .utf8)
    try Self.queries.write(to: dir.appendingPathComponent("q.txt"), atomically: true, encoding: .utf8)
    try #"{"firestore": {"indexes": "firestore.indexes.json"}}"#
      .write(to: dir.appendingPathComponent("firebase.json"), atomically: true, encoding: .utf8)
    return dir
  }

  @Test("--check exits 1 with the index to add and writes nothing")
  func check() throws {
    let dir = try sandbox()
    let result = try FlintRunner.run(["indexes", "--check", "q.txt"], in: dir)
    #expect(result.status == 1)
    #expect(result.stdout.contains("q.txt:2: not served"))
    #expect(result.stdout.contains("needs posts (tag ASC, at DESC, __name__ DESC)"))
    let after = try String(contentsOf: dir.appendingPathComponent("firestore.indexes.json"), encoding: .utf8)
    #expect(after == Self.manifest)
  }

  @Test("--out merges atomically: existing entries and unknown keys kept, the new index added")
  func outMerges() throws {
    let dir = try sandbox()
    let result = try FlintRunner.run(["indexes", "--out", "firestore.indexes.json", "q.txt"], in: dir)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("added (1):"))
    #expect(result.stdout.contains("budget: 2/200 composite, 0/200 overrides"))
    let text = try String(contentsOf: dir.appendingPathComponent("firestore.indexes.json"), encoding: .utf8)
    #expect(text.contains(#""x-team": "feed""#))
    #expect(text.contains(#""fieldPath": "tag""#))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".flint-") }
    #expect(leftovers.isEmpty)
    let check = try FlintRunner.run(["indexes", "--check", "q.txt"], in: dir)
    #expect(check.status == 0)
    let again = try FlintRunner.run(["indexes", "--out", "firestore.indexes.json", "q.txt"], in: dir)
    #expect(again.status == 0)
    #expect(try String(contentsOf: dir.appendingPathComponent("firestore.indexes.json"), encoding: .utf8) == text)
  }

  @Test("a tight --limit lists the unserved queries and never exceeds it")
  func tightLimit() throws {
    let dir = try sandbox()
    let result = try FlintRunner.run(["indexes", "--limit", "1", "q.txt"], in: dir)
    #expect(result.status == 0)
    #expect(result.stderr.contains("unserved (1):"))
    #expect(result.stderr.contains("budget: 1/1 composite"))
  }

  @Test("bad input: invalid manifest, bad lines, --strict, unwritable --out: exit 2, nothing written")
  func badInput() throws {
    let dir = try sandbox()
    try #"{"indexes": [{"collectionGroup": "a", "queryScope": "COLLECTION", "fields": [{"fieldPath": "x"}]}]}"#
      .write(to: dir.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
    let invalid = try FlintRunner.run(["indexes", "--existing", "bad.json", "--out", "out.json", "q.txt"], in: dir)
    #expect(invalid.status == 2)
    #expect(invalid.stderr.contains("bad.json:1:"))
    #expect(invalid.stderr.contains(#"Must contain exactly one of "order,arrayConfig,searchConfig,vectorConfig""#))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.json").path))

    try (Self.queries + "\ncollection(\"posts\").where(\"a\" \"==\", 1)\n")
      .write(to: dir.appendingPathComponent("bad.txt"), atomically: true, encoding: .utf8)
    let lenient = try FlintRunner.run(["indexes", "--out", "out.json", "bad.txt"], in: dir)
    #expect(lenient.status == 2)
    #expect(lenient.stderr.contains("bad.txt:3:"))
    #expect(!lenient.stdout.contains("wrote"))
    #expect(lenient.stderr.contains("flint: nothing written: fix the query lines above"))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.json").path))
    // Nor on stdout, where a redirect would take it for the whole manifest.
    let toStdout = try FlintRunner.run(["indexes", "bad.txt"], in: dir)
    #expect(toStdout.status == 2)
    #expect(toStdout.stdout.isEmpty)
    let strict = try FlintRunner.run(["indexes", "--strict", "--out", "strict.json", "bad.txt"], in: dir)
    #expect(strict.status == 2)
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("strict.json").path))

    let unwritable = try FlintRunner.run(["indexes", "--out", "no/such/dir/m.json", "q.txt"], in: dir)
    #expect(unwritable.status == 2)
    #expect(unwritable.stderr.contains("cannot write 'no/such/dir/m.json'"))
    let none = try FlintRunner.run(["indexes"], in: dir)
    #expect(none.status == 2)
  }

  @Test("--prune with a line that fails to parse writes nothing and removes nothing")
  func pruneWithABadLine() throws {
    let dir = try sandbox()
    let manifest = """
      {"indexes": [{"collectionGroup": "posts", "queryScope": "COLLECTION", "fields": [
        {"fieldPath": "a", "order": "ASCENDING"}, {"fieldPath": "t", "order": "DESCENDING"}]}]}
      """
    try manifest.write(to: dir.appendingPathComponent("live.json"), atomically: true, encoding: .utf8)
    // The one query using the index is the line that fails to parse (a missing comma).
    try #"collection("posts").where("a", "==", 1).orderBy("t" "desc")"#
      .write(to: dir.appendingPathComponent("w.txt"), atomically: true, encoding: .utf8)
    let result = try FlintRunner.run(
      ["indexes", "--existing", "live.json", "--prune", "--out", "live.json", "w.txt"], in: dir)
    #expect(result.status == 2)
    #expect(result.stderr.contains("nothing written and nothing pruned"))
    #expect(!result.stdout.contains("wrote"))
    #expect(try String(contentsOf: dir.appendingPathComponent("live.json"), encoding: .utf8) == manifest)
  }

  @Test("flint query reports the missing index as the backend would, with the decoded index")
  func queryIndexes() throws {
    let dir = try sandbox()
    let result = try FlintRunner.run(
      ["query", "--project", "demo", #"collection("posts").where("tag", "==", "x").orderBy("at", "desc")"#], in: dir)
    #expect(result.status == 1)
    #expect(
      result.stdout.contains(
        "index: composite posts (tag ASC, at DESC, __name__ DESC) — missing from firestore.indexes.json\n"))
    #expect(
      result.stdout.contains(
        "FAILED_PRECONDITION: The query requires an index. You can create it here: https://console.firebase.google.com/v1/r/project/demo/firestore/indexes?create_composite="
      ))
    let served = try FlintRunner.run(
      ["query", "--format", "json", #"collection("posts").where("author", "==", "a").orderBy("at", "desc")"#], in: dir)
    #expect(served.status == 0)
    #expect(served.stdout.contains(#""index": {"kind": "composite", "indexes": [{"collectionGroup": "posts""#))
    #expect(
      served.stdout.contains(#""servedBy": [{"collectionGroup": "posts", "queryScope": "COLLECTION", "x-team": "feed""#)
    )
  }
}

extension IndexesCommandTests {
  @Test("--check's verdict says what served the queries: the manifest firebase.json names, or automatic indexes")
  func checkSummary() throws {
    let dir = try sandbox()
    func check(_ name: String, _ lines: String) throws -> FlintRunner.Result {
      try lines.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
      return try FlintRunner.run(["indexes", "--check", name], in: dir)
    }
    let mixed = try check(
      "mixed.txt",
      #"""
      collection("posts").where("author", "==", "a").orderBy("at", "desc")
      collection("posts").where("tag", "==", "x")
      collection("posts").orderBy("at")
      """#)
    #expect(mixed.status == 0)
    #expect(
      mixed.stdout.hasSuffix(
        "check: all 3 queries are served: 1 by composite indexes in firestore.indexes.json, "
          + "2 by automatic single-field indexes\n"), "\(mixed.stdout)")
    let automatic = try check("auto.txt", #"collection("posts").where("tag", "==", "x")"#)
    #expect(automatic.stdout.hasSuffix("check: the query is served by automatic single-field indexes\n"))
    let composite = try check("composite.txt", #"collection("posts").where("author", "==", "a").orderBy("at", "desc")"#)
    #expect(composite.stdout.hasSuffix("check: the query is served by composite indexes in firestore.indexes.json\n"))
  }
}
