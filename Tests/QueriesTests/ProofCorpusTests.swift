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
  var golden: GoldenFile.Case

  var name: String { golden.name }
  /// `auth: <uid>` (or `auth: null`) among the input lines; `alice` by default.
  var auth: String {
    golden.input.last { $0.hasPrefix("auth: ") }.map { String($0.dropFirst(6)) } ?? "alice"
  }
  /// The other non-blank input lines, as written.
  var query: String {
    golden.lines.filter { !$0.hasPrefix("auth: ") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
      .joined(separator: "\n")
  }

  var description: String { "\(group): \(name)" }
}

/// Reads `Corpus/proofs/<group>.txt` (cases) next to `<group>.rules` (and, when present,
/// `<group>.json`, the documents `get()`/`exists()` read).
///
/// Format: `GoldenFile`'s, with `auth: <uid>` (or `auth: null`) picking the user (default
/// `alice`); the other input lines are the query; `-> ...` lines are the expected
/// `ProofRenderer.text` output, indentation kept.
/// `UPDATE_GOLDENS=1 swift test --filter ProofCorpus` rewrites the `->` lines.
enum ProofCorpus {
  static let root = PackagePaths.url("Corpus/proofs")

  static let groups = ["owner", "ranges", "limits", "groups", "roles", "membership"]

  static let files: [String: GoldenFile] = Dictionary(
    uniqueKeysWithValues: groups.map { ($0, GoldenFile("Corpus/proofs/\($0).txt", keepsIndentation: true)) })

  static var all: [ProofGolden] { groups.flatMap(cases) }

  static func cases(_ group: String) -> [ProofGolden] {
    (files[group]?.cases ?? []).map { ProofGolden(group: group, golden: $0) }
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
}

/// Golden proofs: decisions and explanation texts for the rules shapes users write
/// (ownership, visibility, ranges, `in`/`or`, limits, collection groups, role lookups).
@Suite(.serialized) struct ProofCorpusTests {
  @Test("every group has cases") func groupsAreNotEmpty() {
    for group in ProofCorpus.groups {
      #expect(ProofCorpus.cases(group).allSatisfy { $0.golden.problem == nil }, "\(group)")
    }
  }

  @Test("golden proof", arguments: ProofCorpus.all)
  func golden(_ golden: ProofGolden) throws {
    try #require(ProofCorpus.files[golden.group]).check(golden.golden, actual: try ProofCorpus.run(golden))
  }
}
