import FirestoreModel
import RulesLanguage
import Testing

@testable import RulesEngine

@Suite struct ExplanationTests {
  static let rules = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        function isAdmin() {
          let role = get(/databases/$(database)/documents/users/$(request.auth.uid)).data.role;
          return role == 'admin';
        }
        match /posts/{postId} {
          allow update: if request.auth != null && request.resource.data.title.size() < 10;
          allow update: if isAdmin() || debug(resource.data.locked) == false;
          allow get: if resource.data.missing == 1 || false;
        }
      }
    }
    """

  static let ruleset = makeRuleset(rules)
  static let store = DocumentStore(documents: [
    Document(path: ResourcePath(parsing: "posts/p1")!, fields: ["title": .string("Hi"), "locked": .boolean(true)]),
    Document(path: ResourcePath(parsing: "users/bob")!, fields: ["role": .string("editor")]),
  ])

  static func decide(_ request: Request) -> Decision {
    Evaluator(ruleset: ruleset, options: EvaluationOptions(traceLevel: .full)).evaluate(request, store: store)
  }

  static let denied = decide(
    .update(
      path("posts/p1"), data: ["title": .string("A very long title"), "locked": .boolean(true)], auth: Auth(uid: "bob"))
  )

  @Test func theCulpritOfAnAndIsTheFalseSide() {
    let expression = Self.denied.trace.allows[0].expression!
    let culprit = expression.failureChain.last!
    #expect(Self.ruleset.source.text(in: culprit.range) == "request.resource.data.title.size() < 10")
    #expect(culprit.value.isFalse)
  }

  @Test func theCulpritOfAnErrorIsTheFailingAccess() {
    let decision = Self.decide(.get(path("posts/p1")))
    let culprit = decision.trace.allows[0].expression!.failureChain.last!
    #expect(Self.ruleset.source.text(in: culprit.range) == "resource.data.missing")
    #expect(culprit.value.error?.message == "Property missing is undefined on object.")
  }

  @Test func textShowsTheLineAndACaretUnderTheCulprit() {
    let text = Self.denied.explanation(source: Self.ruleset.source)
    #expect(text.hasPrefix("DENY update /databases/(default)/documents/posts/p1\n"))
    #expect(text.contains("  reason: false for 'update' @ L9, false for 'update' @ L10\n"))
    #expect(text.contains("    database = '(default)', postId = 'p1'\n"))
    let expected = """
            9 |       allow update: if request.auth != null && request.resource.data.title.size() < 10;
              |                                                ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ false
      """
    #expect(text.contains(expected))
  }

  @Test func caretsFollowCallsIntoFunctionBodies() {
    let text = Self.denied.explanation(source: Self.ruleset.source)
    let expected = """
             |                        ^~~~~~~~~ false
            in function isAdmin():
            6 |       return role == 'admin';
              |              ^~~~~~~~~~~~~~~ false
      """
    #expect(text.contains(expected))
    // Both false sides of the `||` get a caret.
    #expect(text.contains("^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ false"))
  }

  @Test func theTreeShowsValuesShortCircuitsLetsAndDebugOutput() {
    let text = Self.denied.explanation(source: Self.ruleset.source)
    #expect(text.contains("let role = 'editor'"))
    #expect(text.contains("debug(resource.data.locked) → true  [debug: bool_value: true]"))
    #expect(text.contains("lookup get /users/bob (found, charged)"))
    #expect(text.contains("debug L10: bool_value: true"))
    let anonymous = Self.decide(.update(path("posts/p1"), data: [:]))
    let shortCircuited = anonymous.explanation(source: Self.ruleset.source)
    #expect(shortCircuited.contains("request.resource.data.title.size() < 10  (short-circuited, not evaluated)"))
  }

  @Test func allowedDecisionsNameTheGrantingAllow() {
    let decision = Self.decide(.update(path("posts/p1"), data: ["title": .string("Short")], auth: Auth(uid: "bob")))
    #expect(decision.allowed)
    #expect(decision.grantingLine == 9)
    #expect(decision.message == "")
    let text = decision.explanation(source: Self.ruleset.source)
    #expect(text.contains("L9 allow update: granted"))
    #expect(text.contains("L10 allow update: not evaluated"))
  }

  @Test func outcomesLevelRecordsNoExpressionTrees() {
    let decision = Evaluator(ruleset: Self.ruleset).evaluate(.get(path("posts/p1")), store: Self.store)
    #expect(decision.trace.allows.allSatisfy { $0.expression == nil })
    #expect(decision.message == "Property missing is undefined on object. for 'get' @ L11")
  }

  @Test func jsonIsDeterministicAndCarriesTheFailure() {
    let first = Self.denied.explanationJSON(source: Self.ruleset.source)
    let second = Self.decide(
      .update(
        path("posts/p1"), data: ["locked": .boolean(true), "title": .string("A very long title")],
        auth: Auth(uid: "bob"))
    ).explanationJSON(source: Self.ruleset.source)
    #expect(first == second)
    #expect(
      first.hasPrefix(
        "{\"allowed\": false, \"method\": \"update\", \"path\": \"/databases/(default)/documents/posts/p1\""))
    #expect(
      first.contains(
        "\"failure\": {\"line\": 9, \"column\": 48, \"endLine\": 9, \"endColumn\": 87, \"text\": \"request.resource.data.title.size() < 10\", \"value\": {\"bool\": false}}"
      ))
    #expect(
      first.contains(
        "\"lookups\": [{\"function\": \"get\", \"path\": \"users/bob\", \"found\": true, \"charged\": true}]"))
    #expect(first.contains("\"kind\": \"functionBody\", \"name\": \"isAdmin\""))
  }

  @Test func standaloneExpressionsHaveTraces() {
    let result = evalExpr("false && {}.x", traceLevel: .full)
    let trace = result.trace!
    #expect(trace.kind == .and)
    #expect(trace.children.count == 2)
    if case .notEvaluated = trace.children[1].value {} else { Issue.record("right side should be short-circuited") }
    let source = SourceFile(name: "expr", text: "false && {}.x")
    #expect(
      TraceTextRenderer.tree(trace, source: source) == [
        "false && {}.x → false", "├─ false → false", "└─ {}.x  (short-circuited, not evaluated)",
      ])
  }

  @Test func caretsHandleTabsAndMultiByteCharacters() {
    let source = SourceFile(name: "t", text: "\tlet é = 'ü' == x;")
    let start = Array("\tlet é = 'ü' == x;".utf8).count - "'ü' == x;".utf8.count
    let range = SourceRange(start: start, end: start + "'ü' == x".utf8.count)
    #expect(
      TraceTextRenderer.caretLines(range, source: source, note: "false") == [
        "1 | \tlet é = 'ü' == x;", "  | \t        ^~~~~~~~ false",
      ])
  }

  @Test func valuesReadLikeRulesLiterals() {
    #expect(ValueText.render(.string("it's")) == "'it\\'s'")
    #expect(ValueText.render(.list([.int(1), .float(2), .null, .bool(true)])) == "[1, 2.0, null, true]")
    #expect(ValueText.render(.map(["b": .int(2), "a": .int(1)])) == "{'a': 1, 'b': 2}")
    #expect(ValueText.render(.timestamp(Timestamp(seconds: 86_400))) == "timestamp(1970-01-02T00:00:00Z)")
    #expect(ValueText.render(.path(RulesPath(segments: ["users", "a"]))) == "/users/a")
    #expect(ValueText.render(.list(Array(repeating: .string("long"), count: 100)), limit: 20).count == 21)
  }

  @Test func debugOutputUsesProtobufText() {
    let result = evalExpr("debug({'k': [1, 'x']}) != null && debug({}.x) == 1")
    #expect(
      result.debugOutputs.map(\.text) == [
        "map_value { fields { key: \"k\" value { list_value { values { int_value: 1 } values { string_value: \"x\" } } } } }",
        "error: \"Property x is undefined on object.\"",
      ])
  }
}
