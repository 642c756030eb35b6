import FirestoreModel
import RulesLanguage
import Testing

@testable import RulesEngine

/// Spec §6.3: complete matches of concatenated patterns, `{x}` one segment, `{x=**}`
/// 1+ (v1, last only) or 0+ (v2, anywhere), no cascade, collection groups.
@Suite struct MatchingTests {
  func pattern(_ text: String, _ version: RulesVersion = .v2) -> MatchPattern {
    let segments: [MatchSegment.Kind] = text.split(separator: "/").map { part in
      if part.hasPrefix("{"), part.hasSuffix("=**}") { return .recursiveWildcard(String(part.dropFirst().dropLast(4))) }
      if part.hasPrefix("{") { return .wildcard(String(part.dropFirst().dropLast())) }
      return .literal(String(part))
    }
    return MatchPattern(segments: segments, version: version)
  }

  func elements(_ text: String) -> [PathElement] {
    text.split(separator: "/").map { .segment(String($0)) }
  }

  @Test func singleWildcardsMatchOneSegment() {
    let bindings = pattern("users/{uid}").match(elements("users/alice"))
    #expect(bindings == [WildcardBinding(name: "uid", value: .segment("alice"))])
    #expect(pattern("users/{uid}").match(elements("users/alice/posts/p")) == nil)
    #expect(pattern("users/{uid}").match(elements("users")) == nil)
    #expect(pattern("users/{uid}").match(elements("people/alice")) == nil)
  }

  @Test func recursiveWildcardsUnderV1NeedOneSegment() {
    #expect(pattern("cities/{city}/{d=**}", .v1).match(elements("cities/SF")) == nil)
    #expect(pattern("cities/{d=**}", .v1).match(elements("cities/SF"))?.last?.value == .run(["SF"]))
    #expect(
      pattern("cities/{d=**}", .v1).match(elements("cities/SF/landmarks/coit"))?.last?.value
        == .run(["SF", "landmarks", "coit"]))
  }

  @Test func recursiveWildcardsUnderV2MatchZeroOrMoreAnywhere() {
    #expect(pattern("cities/{city}/{d=**}").match(elements("cities/SF"))?.last?.value == .run([]))
    let group = pattern("{path=**}/posts/{post}")
    #expect(group.match(elements("posts/p1"))?.first?.value == .run([]))
    #expect(group.match(elements("users/alice/posts/p1"))?.first?.value == .run(["users", "alice"]))
    #expect(group.match(elements("a/posts/b/posts/c"))?.first?.value == .run(["a", "posts", "b"]))
    #expect(group.match(elements("users/alice/comments/c1")) == nil)
  }

  @Test func listRequestsStandForAnyDocumentId() {
    let list: [PathElement] = elements("databases/(default)/documents/users") + [.anyID]
    let bindings = pattern("databases/{database}/documents/users/{uid}").match(list)
    #expect(bindings?.last == WildcardBinding(name: "uid", value: .unknown))
    #expect(pattern("databases/{database}/documents/users/special").match(list) == nil)
  }

  @Test func collectionGroupsNeedARecursiveWildcardUnderV2() {
    let group: [PathElement] = elements("databases/(default)/documents") + [.anyRun, .segment("posts"), .anyID]
    #expect(pattern("databases/{db}/documents/{path=**}/posts/{id}").match(group) != nil)
    #expect(pattern("databases/{db}/documents/{document=**}").match(group) != nil)
    #expect(pattern("databases/{db}/documents/users/{uid}/posts/{id}").match(group) == nil)
    #expect(pattern("databases/{db}/documents/{document=**}", .v1).match(group) == nil)
  }

  // MARK: Through the evaluator

  @Test func nestedMatchesConcatenateAndDoNotCascade() {
    let ruleset = documentsRuleset(
      """
          match /parents/{p} {
            allow read: if false;
            match /children/{c} {
              allow read: if p == 'mom' && c == 'kid';
            }
          }
      """)
    let evaluator = Evaluator(ruleset: ruleset)
    #expect(evaluator.evaluate(.get(path("parents/mom/children/kid")), store: DocumentStore()).allowed)
    #expect(!evaluator.evaluate(.get(path("parents/mom")), store: DocumentStore()).allowed)
    let deeper = evaluator.evaluate(.get(path("parents/mom/children/kid/toys/t")), store: DocumentStore())
    #expect(!deeper.allowed)
    #expect(deeper.message == "No matching allow statements")
    #expect(deeper.trace.matches.isEmpty)
  }

  @Test func wildcardsAreStringsAndRecursiveWildcardsArePaths() {
    let ruleset = documentsRuleset(
      """
          match /users/{uid}/{rest=**} {
            allow get: if uid is string && rest is path && rest == path('posts/p1') && database == '(default)';
          }
      """)
    #expect(Evaluator(ruleset: ruleset).evaluate(.get(path("users/alice/posts/p1")), store: DocumentStore()).allowed)
  }

  @Test func readAndWriteExpandToTheirMethods() {
    let ruleset = documentsRuleset(
      """
          match /r/{id} { allow read; }
          match /w/{id} { allow write; }
          match /c/{id} { allow create, delete; }
      """)
    let evaluator = Evaluator(ruleset: ruleset)
    let store = DocumentStore()
    #expect(evaluator.evaluate(.get(path("r/1")), store: store).allowed)
    #expect(evaluator.evaluate(.list(path("r")), store: store).allowed)
    #expect(!evaluator.evaluate(.create(path("r/1"), data: [:]), store: store).allowed)
    #expect(evaluator.evaluate(.create(path("w/1"), data: [:]), store: store).allowed)
    #expect(evaluator.evaluate(.update(path("w/1"), data: [:]), store: store).allowed)
    #expect(evaluator.evaluate(.delete(path("w/1")), store: store).allowed)
    #expect(!evaluator.evaluate(.get(path("w/1")), store: store).allowed)
    #expect(evaluator.evaluate(.create(path("c/1"), data: [:]), store: store).allowed)
    #expect(!evaluator.evaluate(.update(path("c/1"), data: [:]), store: store).allowed)
    #expect(evaluator.evaluate(.delete(path("c/1")), store: store).allowed)
  }

  @Test func overlappingMatchesGrantIfAnyAllowGrants() {
    let ruleset = documentsRuleset(
      """
          match /{document=**} { allow read: if request.auth != null; }
          match /users/{uid} { allow read: if false; }
      """)
    let evaluator = Evaluator(ruleset: ruleset)
    let decision = evaluator.evaluate(.get(path("users/alice"), auth: alice), store: DocumentStore())
    #expect(decision.allowed)
    #expect(decision.trace.matches.count == 2)
    #expect(!evaluator.evaluate(.get(path("users/alice")), store: DocumentStore()).allowed)
  }

  @Test func collectionGroupQueriesMatchGlobPatterns() {
    let ruleset = documentsRuleset(
      """
          match /{path=**}/posts/{post} { allow list: if request.auth != null; }
      """)
    let evaluator = Evaluator(ruleset: ruleset)
    let group = Request.list(path("posts"), auth: alice, isCollectionGroup: true)
    #expect(evaluator.evaluate(group, store: DocumentStore()).allowed)
    #expect(evaluator.evaluate(.list(path("users/alice/posts"), auth: alice), store: DocumentStore()).allowed)
    let v1 = documentsRuleset("    match /{document=**} { allow list: if true; }", version: "1")
    #expect(!Evaluator(ruleset: v1).evaluate(group, store: DocumentStore()).allowed)
    #expect(Evaluator(ruleset: v1).evaluate(.list(path("users/alice/posts")), store: DocumentStore()).allowed)
  }

  @Test func namedDatabasesMatchTheDatabaseWildcard() {
    let ruleset = documentsRuleset("    match /users/{uid} { allow get: if database == 'tenant'; }")
    var request = Request.get(path("users/alice"))
    request.database = "tenant"
    #expect(Evaluator(ruleset: ruleset).evaluate(request, store: DocumentStore()).allowed)
    #expect(!Evaluator(ruleset: ruleset).evaluate(.get(path("users/alice")), store: DocumentStore()).allowed)
  }

  @Test func malformedRequestsAreDenied() {
    let ruleset = documentsRuleset("    match /{document=**} { allow read, write; }")
    let evaluator = Evaluator(ruleset: ruleset)
    let getCollection = evaluator.evaluate(.get(path("users")), store: DocumentStore())
    #expect(!getCollection.allowed)
    #expect(getCollection.trace.requestProblem != nil)
    #expect(!evaluator.evaluate(.list(path("users/alice")), store: DocumentStore()).allowed)
    #expect(!evaluator.evaluate(.list(path("a/b/c"), isCollectionGroup: true), store: DocumentStore()).allowed)
    let empty = evaluator.evaluate(.get(ResourcePath(segments: ["users", ""])), store: DocumentStore())
    #expect(!empty.allowed)
    #expect(empty.message == "A request path cannot have empty segments.")
  }

  /// Red-team regression: `flint query get ../..` was allowed by a `{document=**}` rule, and a
  /// 20,000-segment path took seconds in the `**` matcher. Ids Firestore refuses and paths past
  /// its 100-collection depth are denied with the reason, before matching.
  @Test func requestPathsFirestoreRefusesAreDenied() {
    let evaluator = Evaluator(ruleset: documentsRuleset("    match /{document=**} { allow read, write; }"))
    let cases: [([String], String)] = [
      (["..", ".."], "A request path id '..' is not allowed (. and .. are reserved)."),
      (["users", "."], "A request path id '.' is not allowed (. and .. are reserved)."),
      (["__users__", "alice"], "A request path id '__users__' matches the reserved pattern __.*__."),
      (
        ["users", String(repeating: "x", count: 1_501)],
        "A request path id '\(String(repeating: "x", count: 40))...' is 1501 bytes; the limit is 1500."
      ),
      (Array(repeating: "a", count: 20_000), "A request path is 10000 collections deep; the limit is 100."),
    ]
    for (segments, message) in cases {
      let decision = evaluator.evaluate(.get(ResourcePath(segments: segments)), store: DocumentStore())
      #expect(!decision.allowed)
      #expect(decision.message == message)
    }
    #expect(
      evaluator.evaluate(.get(ResourcePath(segments: Array(repeating: "a", count: 200))), store: DocumentStore())
        .allowed)
    #expect(
      !evaluator.evaluate(.list(ResourcePath(segments: ["__c__"]), isCollectionGroup: true), store: DocumentStore())
        .allowed)
  }

  @Test func anEmptyRulesetDeniesEverything() {
    let ruleset = Ruleset(
      file: RulesFile(version: nil, functions: [], service: nil, range: .none), source: SourceFile(name: "", text: ""))
    let decision = Evaluator(ruleset: ruleset).evaluate(.get(path("a/b")), store: DocumentStore())
    #expect(!decision.allowed)
    #expect(decision.message == "No matching allow statements")
  }
}

extension MatchingTests {
  @Test func nestedGlobsDoNotBacktrackExponentially() {
    // Ten nested recursive wildcards against a long path that cannot match: memoized
    // backtracking answers at once instead of trying every split.
    let text = (0..<10).map { "{g\($0)=**}" }.joined(separator: "/") + "/end"
    let long = elements((0..<200).map { "s\($0)" }.joined(separator: "/"))
    #expect(pattern(text).match(long) == nil)
    let matching = elements((0..<200).map { "s\($0)" }.joined(separator: "/") + "/end")
    #expect(pattern(text).match(matching)?.count == 10)
  }

  @Test func deeplyNestedExpressionsHitTheBudgetNotTheStack() {
    var expr = Expr(.bool(true))
    for _ in 0..<5_000 { expr = Expr(.unary(.not, expr)) }
    let result = Evaluator.evaluate(expression: expr)
    #expect(result.error?.kind == .limit)
  }
}

/// Constructs real projects deploy whose run-time meaning Flint chose (Docs/fidelity/parser.md).
extension MatchingTests {
  @Test func aSingleStarWildcardMatchesExactlyOneSegment() {
    let ruleset = documentsRuleset("    match /metadata/{document=*} { allow get: if document == 'app'; }")
    let evaluator = Evaluator(ruleset: ruleset)
    #expect(evaluator.evaluate(.get(path("metadata/app")), store: DocumentStore()).allowed)
    #expect(!evaluator.evaluate(.get(path("metadata/web")), store: DocumentStore()).allowed)
    // Not a recursive wildcard: deeper documents are not matched.
    let deeper = evaluator.evaluate(.get(path("metadata/app/versions/v1")), store: DocumentStore())
    #expect(!deeper.allowed)
    #expect(deeper.message == "No matching allow statements")
  }

  @Test func aReusedWildcardNameSeesTheInnerSegment() {
    let ruleset = documentsRuleset(
      """
          match /lessons/{lessonID} {
            function isOuter() { return lessonID == 'l1'; }
            allow get: if lessonID == 'l1';
            match /exercises/{lessonID} {
              allow get: if lessonID == 'e1';
              allow update: if isOuter() && lessonID == 'e1';
            }
          }
      """)
    let evaluator = Evaluator(ruleset: ruleset)
    let store = DocumentStore()
    #expect(evaluator.evaluate(.get(path("lessons/l1")), store: store).allowed)
    // Inside the inner block the name is the inner segment, not the lesson id.
    #expect(evaluator.evaluate(.get(path("lessons/l1/exercises/e1")), store: store).allowed)
    #expect(evaluator.evaluate(.get(path("lessons/x/exercises/e1")), store: store).allowed)
    #expect(!evaluator.evaluate(.get(path("lessons/e1/exercises/l1")), store: store).allowed)
    // A function declared in the outer block sees the outer binding (its lexical scope).
    #expect(evaluator.evaluate(.update(path("lessons/l1/exercises/e1"), data: [:]), store: store).allowed)
    #expect(!evaluator.evaluate(.update(path("lessons/l2/exercises/e1"), data: [:]), store: store).allowed)
  }

  @Test func functionsDeclaredAfterTheServiceAreCallable() {
    let ruleset = makeRuleset(
      """
      rules_version = '2';
      service cloud.firestore {
        match /databases/{database}/documents {
          match /posts/{id} { allow get: if isPublic(id, 'p',); }
        }
      }
      function isPublic(id, prefix) { return id.matches(prefix + '.*'); }
      """)
    let evaluator = Evaluator(ruleset: ruleset)
    #expect(evaluator.evaluate(.get(path("posts/p1")), store: DocumentStore()).allowed)
    #expect(!evaluator.evaluate(.get(path("posts/q1")), store: DocumentStore()).allowed)
  }
}
