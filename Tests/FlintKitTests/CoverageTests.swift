import FlintKit
import RulesEngine
import Testing

/// Rule coverage counted from suite runs: allows, sub-expression outcomes, blocks, functions.
@Suite struct CoverageTests {
  static let rules = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        function isOwner(uid) { return request.auth != null && request.auth.uid == uid; }
        function unused() { return true; }
        match /users/{uid} {
          allow read: if isOwner(uid);
          allow delete: if request.auth.token.admin == true;
        }
        match /logs/{id} {
          allow read;
        }
        match /posts/{post} {
          allow list: if request.query.limit <= 10;
        }
        match /never/{id} { allow write: if false; }
      }
    }

    """

  static let suite = #"""
    {"rules": "firestore.rules", "cases": [
      {"name": "owner", "request": {"method": "get", "path": "users/alice", "auth": {"uid": "alice"}}, "expect": "allow"},
      {"name": "stranger", "request": {"method": "get", "path": "users/alice", "auth": {"uid": "bob"}}, "expect": "deny"},
      {"name": "signed out", "request": {"method": "get", "path": "users/alice"}, "expect": "deny"},
      {"name": "no admin claim", "request": {"method": "delete", "path": "users/alice", "auth": {"uid": "alice"}}, "expect": "deny"},
      {"name": "logs", "request": {"method": "get", "path": "logs/x"}, "expect": "allow"},
      {"name": "small list", "request": {"method": "list", "query": "collection(\"posts\").limit(5)"}, "expect": "allow"}
    ]}
    """#

  static func coverage(runner: SuiteRunner = SuiteRunner()) throws -> SuiteCoverage {
    let suite = try TestRules.files(suite, more: ["firestore.rules": rules]).load()
    var coverage = SuiteCoverage()
    coverage.record(suite, runner.run(suite))
    return coverage
  }

  /// The counts of the sub-expression written `text`.
  static func counts(_ text: String, in file: FileCoverage) -> OutcomeCounts? {
    let targets = file.coverage.targets.expressions
    let bytes = file.source.bytes
    guard
      let index = targets.firstIndex(where: {
        String(decoding: bytes[$0.range.start..<$0.range.end], as: UTF8.self) == text
      })
    else { return nil }
    return file.coverage.expressionCounts[index]
  }

  @Test func allowOutcomes() throws {
    let file = try #require(try Self.coverage().files.first)
    let counts = file.coverage.allowCounts.map { "\($0.granted)/\($0.denied)/\($0.errors)" }
    // users read, users delete, logs read, posts list (proved), never write.
    #expect(counts == ["1/2/0", "0/0/1", "1/0/0", "1/0/0", "0/0/0"])
    let summary = file.summary
    // Covered: users read (granted and denied), logs read (unconditional, granted). The
    // `if false` write can never grant: it is not counted.
    #expect(summary.allowsCovered == 2)
    #expect(summary.allows == 4)
    #expect(summary.allowsNever == 1)
    #expect(summary.allowPercent == 50)
  }

  @Test func subExpressionOutcomes() throws {
    let file = try #require(try Self.coverage().files.first)
    let notNull = try #require(Self.counts("request.auth != null", in: file))
    #expect(notNull.trueCount == 2 && notNull.falseCount == 1 && notNull.evaluated == 3)
    // Short-circuited when signed out.
    let owner = try #require(Self.counts("request.auth.uid == uid", in: file))
    #expect(owner.trueCount == 1 && owner.falseCount == 1 && owner.evaluated == 2)
    let claim = try #require(Self.counts("request.auth.token.admin == true", in: file))
    #expect(claim.errorCount == 1 && claim.evaluated == 1)
    let uid = try #require(Self.counts("uid", in: file))
    #expect(uid.valueCount > 0 && uid.trueCount == 0)
    // `request` of `request.auth` is read as one field, never evaluated alone: not a target.
    #expect(Self.counts("request", in: file) == nil)
    // The list case is proved, not traced: its condition counts no evaluation.
    #expect(Self.counts("request.query.limit <= 10", in: file)?.evaluated == 0)
    #expect(Self.counts("false", in: file)?.evaluated == 0)
  }

  @Test func blocksAndFunctions() throws {
    let file = try #require(try Self.coverage().files.first)
    let blocks = zip(file.coverage.targets.matches, file.coverage.matchHits).map { "\($0.pattern): \($1)" }
    #expect(
      blocks == [
        "/databases/{database}/documents: 6", "/databases/{database}/documents/users/{uid}: 4",
        "/databases/{database}/documents/logs/{id}: 1", "/databases/{database}/documents/posts/{post}: 1",
        "/databases/{database}/documents/never/{id}: 0",
      ])
    let functions = zip(file.coverage.targets.functions, file.coverage.functionCalls).map { "\($0.name): \($1)" }
    #expect(functions == ["isOwner: 3", "unused: 0"])
  }

  @Test func untracedRunsStillCountAllowsButNoExpressions() throws {
    var options = EvaluationOptions()
    options.traceLevel = .outcomes
    let file = try #require(try Self.coverage(runner: SuiteRunner(options: options)).files.first)
    #expect(file.coverage.allowCounts[0].evaluated == 3)
    #expect(file.summary.expressionsEvaluated == 0)
  }

  @Test func textMarksWhatWasNotCovered() throws {
    let text = CoverageFormat.text.render(try Self.coverage())
    #expect(text.hasPrefix("firestore.rules: allows 2/4 granted and denied (50.0%, 1 'if false' not counted)"))
    #expect(text.contains("allow: if false (never evaluated): never grants, not counted"))
    #expect(text.contains("function never called"))
    #expect(text.contains("match block never reached"))
    #expect(text.contains("allow: 0 granted, 1 error, never granted"))
    #expect(!text.contains("allow: never evaluated"))
    // The unused function's body is explained by its mark, not marked again.
    #expect(text.contains("function never called\n   6 "))
    // The list condition was proved, not traced: said once, nothing inside it marked.
    #expect(text.contains("^~~~~~~~~~~~~~~~~~~~~~~~~ decided by query proofs (1), not traced\n  15 "))
  }

  @Test func lcovRecord() throws {
    let lcov = CoverageFormat.lcov.render(try Self.coverage())
    let lines = lcov.split(separator: "\n").map(String.init)
    #expect(lines.first == "TN:")
    #expect(lines[1] == "SF:firestore.rules")
    #expect(lines.contains("FN:4,isOwner") && lines.contains("FNDA:3,isOwner") && lines.contains("FNDA:0,unused"))
    // users read: granted once, not granted twice; the unconditional logs read has one branch;
    // the `if false` write on /never cannot grant: no branch.
    #expect(lines.contains("BRDA:7,0,0,1") && lines.contains("BRDA:7,0,1,2"))
    #expect(lines.contains("BRDA:11,2,0,1") && !lines.contains { $0.hasPrefix("BRDA:11,2,1") })
    #expect(!lines.contains { $0.hasPrefix("BRDA:16,") })
    #expect(lines.contains("DA:16,0") && lines.contains("DA:7,3"))
    #expect(lines.last == "end_of_record")
  }
}
