import FirestoreModel
import RulesLanguage
import Testing

@testable import RulesEngine

/// User functions: lexical scope, call by value, arity, eager `let`s, shadowing, recursion guard.
@Suite struct FunctionsTests {
  func decide(_ ruleset: Ruleset, _ request: Request, store: DocumentStore = usersStore) -> Decision {
    Evaluator(ruleset: ruleset, options: EvaluationOptions(traceLevel: .full)).evaluate(request, store: store)
  }

  @Test func functionsSeeTheirDefiningScope() {
    let ruleset = documentsRuleset(
      """
          function isOwner(uid) { return request.auth.uid == uid; }
          function inDefault() { return database == '(default)'; }
          match /users/{userId} {
            function ownDoc() { return isOwner(userId) && inDefault(); }
            allow get: if ownDoc();
          }
      """)
    #expect(decide(ruleset, .get(path("users/alice"), auth: alice)).allowed)
    #expect(!decide(ruleset, .get(path("users/bob"), auth: alice)).allowed)
  }

  @Test func serviceLevelFunctionsCannotSeeMatchWildcards() {
    let ruleset = makeRuleset(
      """
      rules_version = '2';
      service cloud.firestore {
        function usesUserId() { return userId == 'alice'; }
        match /databases/{database}/documents/users/{userId} {
          allow get: if usesUserId();
        }
      }
      """)
    let decision = decide(ruleset, .get(path("users/alice"), auth: alice))
    #expect(!decision.allowed)
    #expect(decision.trace.allows.first?.outcome == .error("Variable not found error: Name: [userId]."))
  }

  @Test func topLevelFunctionsAreVisibleEverywhere() {
    let ruleset = documentsRuleset(
      "    match /users/{id} { allow get: if signedIn(); }",
      functions: "function signedIn() { return request.auth != null; }")
    #expect(decide(ruleset, .get(path("users/x"), auth: alice)).allowed)
    #expect(!decide(ruleset, .get(path("users/x"))).allowed)
  }

  @Test func innerFunctionsShadowOuterOnes() {
    let ruleset = documentsRuleset(
      """
          function answer() { return 1; }
          match /a/{id} {
            function answer() { return 2; }
            allow get: if answer() == 2;
          }
          match /b/{id} {
            allow get: if answer() == 1;
          }
      """)
    #expect(decide(ruleset, .get(path("a/x"))).allowed)
    #expect(decide(ruleset, .get(path("b/x"))).allowed)
  }

  @Test func parametersShadowWildcardsAndArgumentsAreValues() {
    let ruleset = documentsRuleset(
      """
          match /users/{userId} {
            function check(userId) { return userId == 'param'; }
            allow get: if check('param') && userId == 'alice';
          }
      """)
    #expect(decide(ruleset, .get(path("users/alice"))).allowed)
  }

  @Test func wrongArityIsAnError() {
    let ruleset = documentsRuleset(
      """
          function one(a) { return a; }
          match /x/{id} { allow get: if one(true, false) || one(); }
      """)
    let decision = decide(ruleset, .get(path("x/1")))
    #expect(!decision.allowed)
    #expect(decision.trace.allows[0].outcome == .error("Function not found error: Name: [one]."))
  }

  @Test func letsAreEagerAndOrdered() {
    let ruleset = documentsRuleset(
      """
          function f() {
            let a = 2;
            let b = a * 3;
            let unused = debug('eager');
            return b == 6;
          }
          match /x/{id} { allow get: if f(); }
      """)
    let decision = decide(ruleset, .get(path("x/1")))
    #expect(decision.allowed)
    #expect(decision.trace.debugOutputs.map(\.text) == ["string_value: \"eager\""])
  }

  @Test func aFailedLetOnlyMattersWhenRead() {
    let ruleset = documentsRuleset(
      """
          function unused() {
            let bad = resource.data.missing;
            return true;
          }
          function used() {
            let bad = resource.data.missing;
            return bad == 1;
          }
          match /users/{id} {
            allow get: if unused();
            allow list: if used();
          }
      """)
    #expect(decide(ruleset, .get(path("users/alice"))).allowed)
    let failing = documentsRuleset(
      """
          function used() {
            let bad = resource.data.missing;
            return bad == 1;
          }
          match /users/{id} { allow get: if used(); }
      """)
    let decision = decide(failing, .get(path("users/alice")))
    #expect(decision.trace.allows[0].outcome == .error("Property missing is undefined on object."))
  }

  @Test func aLetCountsAsAnEagerLookup() {
    let ruleset = documentsRuleset(
      """
          function f() {
            let doc = exists(/databases/$(database)/documents/users/bob);
            return true;
          }
          match /x/{id} { allow get: if f(); }
      """)
    let decision = decide(ruleset, .get(path("x/1")))
    #expect(decision.allowed)
    #expect(decision.lookups == [path("users/bob")])
  }

  @Test func recursionIsStoppedAtRunTime() {
    let ruleset = documentsRuleset(
      """
          function loop(n) { return n > 0 && loop(n - 1); }
          match /x/{id} {
            allow get: if loop(3) || true;
          }
      """)
    let decision = decide(ruleset, .get(path("x/1")))
    #expect(!decision.allowed)
    #expect(decision.trace.limitBreach?.contains("recursive") == true)
  }

  @Test func functionsUsedAsNamespacesAreNotConfused() {
    let ruleset = documentsRuleset(
      """
          function size(x) { return 7; }
          match /x/{id} { allow get: if size(1) == 7 && [1, 2].size() == 2; }
      """)
    #expect(decide(ruleset, .get(path("x/1"))).allowed)
  }
}
