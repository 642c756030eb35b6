import FirestoreModel
import FlintKit
import Queries
import RulesEngine
import Testing

/// Running suites: verdicts against expectations, batches, list proofs, seeds, and the
/// text and JSON reports.
@Suite struct SuiteRunnerTests {
  static let suite = #"""
    {"rules": "firestore.rules", "data": {"users/alice": {"name": "Alice"}},
     "cases": [
      {"name": "alice reads herself", "request": {"method": "get", "path": "users/alice", "auth": {"uid": "alice"}}, "expect": "allow"},
      {"name": "bob reads alice", "request": {"method": "get", "path": "users/alice", "auth": {"uid": "bob"}}, "expect": "allow"},
      {"name": "create with a number name", "request": {"method": "create", "path": "users/bob", "auth": {"uid": "bob"}, "data": {"name": 3}}, "expect": "deny"},
      {"name": "list with a small limit", "request": {"method": "list", "query": "collection(\"posts\").limit(5)"}, "expect": "allow"},
      {"name": "list without a limit", "request": {"method": "list", "path": "posts"}, "expect": "allow"},
      {"name": "seeded case", "seed": {}, "request": {"method": "get", "path": "users/alice", "auth": {"uid": "alice"}}, "expect": "allow"},
      {"name": "batch", "batch": [
        {"method": "create", "path": "users/carol", "auth": {"uid": "carol"}, "data": {"name": "Carol"}},
        {"method": "create", "path": "users/dave", "auth": {"uid": "carol"}, "data": {"name": "Dave"}}], "expect": "deny"}
     ]}
    """#

  static func run(_ text: String = suite, files more: [String: String] = [:]) throws -> SuiteResult {
    SuiteRunner().run(try TestRules.files(text, more: more).load())
  }

  @Test("maxReads: a list case fails when its query bills more reads on the case's data")
  func readBudgets() throws {
    let suite = #"""
      {"rules": "firestore.rules",
       "data": {"posts/a": {"n": 1}, "posts/b": {"n": 2}, "posts/c": {"n": 3}},
       "cases": [
        {"name": "within", "request": {"method": "list", "query": "collection(\"posts\").limit(5)"}, "expect": "allow", "maxReads": 3},
        {"name": "over", "request": {"method": "list", "query": "collection(\"posts\").limit(5)"}, "expect": "allow", "maxReads": 2}
       ]}
      """#
    let result = try Self.run(suite)
    #expect(result.cases.map(\.passed) == [true, false])
    #expect(result.cases.map(\.reads) == [3, 3])
    let text = SuiteReport.text([result])
    #expect(text.contains("FAIL over: the query bills 3 reads on the case's data, over maxReads 2\n"), "\(text)")
    let bad = #"""
      {"rules": "firestore.rules", "cases": [
        {"name": "list", "request": {"method": "list", "query": "collection(\"posts\").limit(5)"}, "expect": "allow"},
        {"name": "get", "request": {"method": "get", "path": "posts/a"}, "expect": "allow", "maxReads": 2}]}
      """#
    #expect {
      try Self.run(bad)
    } throws: {
      "\($0)".contains("$.cases[1].maxReads: maxReads is for a list request (a query)")
    }
  }

  @Test func verdictsAgainstExpectations() throws {
    let result = try Self.run()
    let verdicts = result.cases.map { "\($0.name): \($0.actual.rawValue) \($0.passed)" }
    #expect(
      verdicts == [
        "alice reads herself: allow true",
        "bob reads alice: deny false",
        "create with a number name: deny true",
        "list with a small limit: allow true",
        "list without a limit: deny false",
        "seeded case: allow true",
        "batch: deny true",
      ])
    #expect(result.passed == 5)
    #expect(result.failed == 2)
  }

  @Test func seedsReplaceTheSuiteData() throws {
    let result = try Self.run()
    // A get of a missing document is still allowed by this rule (it reads no data), but the
    // decision saw no document: resource was null.
    guard case .single(let decision) = result.cases[5].outcome else { return #expect(Bool(false)) }
    #expect(decision.allowed)
    let suite = try TestRules.files(Self.suite).load()
    #expect(suite.cases[5].store.count == 0)
    #expect(suite.cases[0].store.count == 1)
  }

  @Test func batchesAreAllOrNothing() throws {
    let result = try Self.run()
    guard case .batch(let batch) = result.cases[6].outcome else { return #expect(Bool(false)) }
    #expect(batch.decisions.map(\.allowed) == [true, false])
    #expect(!batch.allowed)
  }

  @Test func listRequestsAreProvedFromTheQuery() throws {
    let result = try Self.run()
    guard case .list(let small) = result.cases[3].outcome, case .list(let unlimited) = result.cases[4].outcome else {
      return #expect(Bool(false))
    }
    #expect(small.allowed)
    #expect(!unlimited.allowed)
    #expect(unlimited.suggestions == [".limit(10)"])
  }

  @Test func textReportExplainsFailuresAndEndsWithTheCounts() throws {
    let text = SuiteReport.text([try Self.run()])
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.last == "")
    #expect(lines.dropLast().last == "5 passed, 2 failed")
    #expect(
      text.hasPrefix(
        "suite.json:4: FAIL bob reads alice: expected allow, got deny\nDENY get /databases/(default)/documents/users/alice\n"
      ))
    // The caret sits under the failing sub-expression.
    #expect(text.contains("      allow read: if request.auth != null && request.auth.uid == uid;"))
    #expect(text.contains("^~~~~~~~~~~~~~~~~~~~~~~ false"))
    #expect(
      text.contains(
        "suite.json:7: FAIL list without a limit: expected allow, got deny\nDENY list /databases/(default)/documents/posts\n"
      ))
    #expect(text.contains("suggested fix: add .limit(10)"))
    // Passing cases print nothing.
    #expect(!text.contains("alice reads herself"))
  }

  @Test func allPassingTextIsTheCountAlone() throws {
    let text = SuiteReport.text([
      try Self.run(
        TestRules.suite(case: #"{"name": "n", "request": {"method": "get", "path": "users/x"}, "expect": "deny"}"#))
    ])
    #expect(text == "1 passed, 0 failed\n")
  }

  @Test func jsonReport() throws {
    let text = SuiteReport.json([try Self.run()])
    #expect(text.hasSuffix("}\n"))
    let json = try JSONParser.parse(text)
    let root = try json.object(at: .root)
    #expect(root.keys == ["suites", "passed", "failed"])
    #expect(root["passed"] == .int(5))
    #expect(root["failed"] == .int(2))
    let suites = try root.array("suites", at: .root)
    #expect(suites.count == 1)
    let suite = try suites[0].object(at: .root)
    #expect(suite["file"] == .string("suite.json"))
    let cases = try suite.array("cases", at: .root)
    #expect(cases.count == 7)
    let second = try cases[1].object(at: .root)
    #expect(second.keys == ["name", "expect", "actual", "pass", "explanation"])
    #expect(second["name"] == .string("bob reads alice"))
    #expect(second["expect"] == .string("allow"))
    #expect(second["actual"] == .string("deny"))
    #expect(second["pass"] == .bool(false))
    let explanation = try second.object("explanation", at: .root)
    #expect(explanation["allowed"] == .bool(false))
    #expect(explanation["summary"] == .string("false for 'get' @ L5"))
    let batch = try cases[6].object(at: .root).object("explanation", at: .root)
    #expect(batch.keys == ["allowed", "lookupCount", "requests"])
  }

  /// Catastrophic-backtracking patterns finish (RE2 semantics are linear; Flint bounds the
  /// work and, past the bound, errs, which denies) and never wrongly allow.
  @Test func pathologicalAndInvalidRegexesInRules() throws {
    let rules = """
      rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          match /nested/{id} { allow get: if id.matches('(a+)+$'); }
          match /alternation/{id} { allow get: if id.matches('(a|aa)*c') == false; }
          match /invalid/{id} { allow get: if id.matches('(') == false; }
        }
      }
      """
    let long = String(repeating: "a", count: 1_400)  // ids are at most 1,500 bytes
    let suite = """
      {"rules": "regex.rules", "cases": [
        {"name": "nested quantifiers", "request": {"method": "get", "path": "nested/\(long)b"}, "expect": "deny"},
        {"name": "overlapping alternation", "request": {"method": "get", "path": "alternation/\(long)"}, "expect": "allow"},
        {"name": "invalid pattern", "request": {"method": "get", "path": "invalid/x"}, "expect": "deny"}
      ]}
      """
    let result = try Self.run(suite, files: ["regex.rules": rules])
    #expect(result.cases.map(\.passed) == [true, true, true])
    guard case .single(let invalid) = result.cases[2].outcome else { return #expect(Bool(false)) }
    #expect(invalid.message.contains("Invalid regular expression"), "\(invalid.message)")
  }
}

/// Runs without explanations for passing cases decide exactly as traced runs, and still
/// explain every failing case in full.
@Suite struct QuickSuiteRunTests {
  @Test func sameVerdictsAndTheFailuresStillExplained() throws {
    let loaded = try TestRules.files(SuiteRunnerTests.suite).load()
    let traced = SuiteRunner().run(loaded)
    let quick = SuiteRunner(explainsPassingCases: false).run(loaded)
    #expect(quick.cases.map(\.actual) == traced.cases.map(\.actual))
    #expect(quick.failed == 2)
    for (fast, full) in zip(quick.cases, traced.cases) where !full.passed {
      #expect(SuiteReport.block(fast, in: quick) == SuiteReport.block(full, in: traced))
    }
  }
}
