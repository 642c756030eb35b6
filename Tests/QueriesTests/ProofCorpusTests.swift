import FirestoreModel
import FlintTestSupport
import Foundation
import Queries
import RulesEngine
import RulesLanguage
import Testing

/// One golden proof: rules (the group's `.rules` file), a query, a user, and the expected
/// explanation text (its first line is the decision).
struct ProofGolden: Sendable, CustomStringConvertible {
  var group: String
  var name: String
  var auth: String = "alice"
  var query = ""
  var expected: [String] = []

  var description: String { "\(group): \(name)" }
}

/// Reads `Corpus/proofs/<group>.txt` (cases) next to `<group>.rules` (and, when present,
/// `<group>.json`, the documents `get()`/`exists()` read).
///
/// Format: `== name` starts a case; `auth: <uid>` (or `auth: null`) picks the user (default
/// `alice`); other lines up to the first `->` line are the query; `-> ...` lines are the
/// expected `ProofRenderer.text` output, indentation kept. `#` lines are comments.
/// `UPDATE_GOLDENS=1 swift test --filter ProofCorpus` rewrites the `->` lines.
enum ProofCorpus {
  static let root = PackagePaths.url("Corpus/proofs")

  static let groups = ["owner", "ranges", "limits", "groups", "roles", "membership"]

  static var all: [ProofGolden] { groups.flatMap(cases) }

  static func cases(_ group: String) -> [ProofGolden] {
    guard let text = try? String(contentsOf: root.appendingPathComponent("\(group).txt"), encoding: .utf8) else {
      return []
    }
    var cases: [ProofGolden] = []
    var current: ProofGolden?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("== ") {
        if let c = current { cases.append(c) }
        current = ProofGolden(group: group, name: String(line.dropFirst(3)))
      } else if line.hasPrefix("->") {
        current?.expected.append(line.hasPrefix("-> ") ? String(line.dropFirst(3)) : "")
      } else if var c = current, c.expected.isEmpty, !line.hasPrefix("#") {
        if line.hasPrefix("auth: ") {
          c.auth = String(line.dropFirst(6))
        } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
          c.query += (c.query.isEmpty ? "" : "\n") + line
        }
        current = c
      }
    }
    if let c = current { cases.append(c) }
    return cases
  }

  static func ruleset(_ group: String) throws -> Ruleset {
    let name = "\(group).rules"
    let text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
    let source = SourceFile(name: name, text: text)
    let compiled = RulesCompiler.compile(source)
    return Ruleset(file: compiled.file, source: source)
  }

  static func store(_ group: String) throws -> DocumentStore {
    let url = root.appendingPathComponent("\(group).json")
    guard FileManager.default.fileExists(atPath: url.path) else { return DocumentStore() }
    return try FixtureLoader.load(text: try String(contentsOf: url, encoding: .utf8), file: "\(group).json")
  }

  /// The explanation lines for one case (or the validity problem).
  static func run(_ golden: ProofGolden) throws -> [String] {
    let rules = try ruleset(golden.group)
    let auth = golden.auth == "null" ? nil : Auth(uid: golden.auth)
    var bindings: [String: Value] = [:]
    if let auth { bindings["auth"] = .map(["uid": .string(auth.uid), "token": .map(auth.token)]) }
    let prepared = QueryPipeline.prepare(
      SourceFile(name: "<query>", text: golden.query), context: QueryContext(bindings: bindings))
    guard let normalized = prepared.normalized else {
      return ["invalid query: \(QueryPipeline.diagnostics(of: prepared).map(\.message).joined(separator: "; "))"]
    }
    let proof = ListAuthorizer(ruleset: rules, store: try store(golden.group)).authorize(normalized, auth: auth)
    return proof.explanation(source: rules.source).split(separator: "\n", omittingEmptySubsequences: false)
      .dropLast().map(String.init)
  }

  /// Replaces one case's `->` lines (UPDATE_GOLDENS=1).
  static func rewrite(_ golden: ProofGolden, actual: [String]) {
    let url = root.appendingPathComponent("\(golden.group).txt")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let header = lines.firstIndex(of: "== \(golden.name)") else { return }
    var start = header + 1
    while start < lines.count, !lines[start].hasPrefix("->"), !lines[start].hasPrefix("== ") { start += 1 }
    // A case without expectations yet: insert after its query lines.
    if start == lines.count || lines[start].hasPrefix("== ") {
      start = header + 1
      while start < lines.count, !lines[start].isEmpty, !lines[start].hasPrefix("== ") { start += 1 }
    }
    var end = start
    while end < lines.count, lines[end].hasPrefix("->") { end += 1 }
    lines.replaceSubrange(start..<end, with: actual.map { $0.isEmpty ? "->" : "-> \($0)" })
    try? lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
  }
}

/// Golden proofs: decisions and explanation texts for the rules shapes users write
/// (ownership, visibility, ranges, `in`/`or`, limits, collection groups, role lookups).
@Suite(.serialized) struct ProofCorpusTests {
  @Test("every group has cases") func groupsAreNotEmpty() {
    for group in ProofCorpus.groups {
      #expect(!ProofCorpus.cases(group).isEmpty, "\(group)")
    }
  }

  @Test("golden proof", arguments: ProofCorpus.all)
  func golden(_ golden: ProofGolden) throws {
    let actual = try ProofCorpus.run(golden)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
      ProofCorpus.rewrite(golden, actual: actual)
      return
    }
    #expect(actual == golden.expected)
  }
}
