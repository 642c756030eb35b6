import FirestoreModel
import FlintKit
import RulesEngine
import RulesLanguage
import Testing

/// `flint expr --rules`: functions of every scope are callable, resolved as the engine would.
@Suite struct ExpressionScopeTests {
  static let source = SourceFile(
    name: "nested.rules",
    text: """
      rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          function signedIn() { return request.auth != null; }
          function userDoc(id) { return /databases/$(database)/documents/users/$(id); }
          match /users/{uid} {
            function isOwner() { return request.auth.uid == uid; }
            function label() { return 'user'; }
            allow read: if isOwner();
          }
          match /posts/{postId} {
            function label() { return 'post'; }
            allow read: if signedIn();
          }
        }
      }
      """)

  static let ruleset: Ruleset = {
    let compiled = Ruleset.compile(source)
    return compiled.ruleset!
  }()

  static func text(_ expression: String, _ job: ExpressionJob, _ bindings: [String: RulesValue] = [:]) -> String {
    switch job.evaluate(expression, bindings: bindings) {
    case .syntaxError: return "syntax error"
    case .evaluated(.success(let value)): return ValueText.render(value, limit: Int.max)
    case .evaluated(.failure(let error)): return "error: \(error.message)"
    }
  }

  static let alice: [String: RulesValue] = ["request": .map(["auth": .map(["uid": .string("alice")])])]

  @Test func functionsInsideMatchBlocksAreCallableWithoutAt() {
    let job = ExpressionJob(ruleset: Self.ruleset)
    #expect(Self.text("signedIn()", job, Self.alice) == "true")
  }

  @Test func atBindsTheInnermostBlocksWildcardsAndFunctions() throws {
    let job = try ExpressionJob.at(ResourcePath(parsing: "users/alice")!, in: Self.ruleset)
    #expect(Self.text("isOwner()", job, Self.alice) == "true")
    #expect(Self.text("uid", job) == "'alice'")
    #expect(Self.text("label()", job) == "'user'")
    #expect(Self.text("userDoc(uid)", job) == "/databases/(default)/documents/users/alice")
    let post = try ExpressionJob.at(ResourcePath(parsing: "posts/p1")!, in: Self.ruleset)
    #expect(Self.text("label()", post) == "'post'")
    #expect(Self.text("postId", post) == "'p1'")
  }

  @Test func anAmbiguousNameListsItsCandidates() {
    let job = ExpressionJob(ruleset: Self.ruleset)
    let text = Self.text("label()", job)
    #expect(text.hasPrefix("error: function 'label' is declared 2 times; give --at PATH"))
    #expect(text.contains("label (line 8, in match /databases/{database}/documents/users/{uid})"))
    #expect(text.contains("label (line 12, in match /databases/{database}/documents/posts/{postId})"))
  }

  @Test func atAPathNoBlockMatchesIsAnError() {
    #expect(throws: ExpressionScopeError.noMatch(ResourcePath(parsing: "rooms/r1")!)) {
      try ExpressionJob.at(ResourcePath(parsing: "rooms/r1")!, in: Self.ruleset)
    }
  }

  @Test func lookupsAreReportedSoTheCLICanSayNoDataWasGiven() {
    let job = ExpressionJob(ruleset: Self.ruleset)
    let parsed = ExpressionJob.parse("exists(/databases/(default)/documents/users/alice)")
    let outcome = job.evaluateWithLookups(parsed.expr!, bindings: [:])
    #expect(outcome.lookedUp)
    #expect(!job.evaluateWithLookups(ExpressionJob.parse("1").expr!, bindings: [:]).lookedUp)
  }
}
