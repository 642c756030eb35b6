import FirestoreModel
import RulesLanguage
import Testing

@testable import RulesEngine

// MARK: - Helpers shared by the evaluator's test files

/// Parses rules text into a ruleset; parse errors fail the test.
func makeRuleset(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Ruleset {
  let source = SourceFile(name: "test.rules", text: text)
  let parsed = RulesParser.parse(source)
  #expect(
    parsed.diagnostics.filter { $0.severity == .error }.isEmpty, "\(parsed.diagnostics)", sourceLocation: sourceLocation
  )
  return Ruleset(file: parsed.file, source: source)
}

/// A `service cloud.firestore` ruleset (v2) whose body sits under `match /databases/{database}/documents`.
func documentsRuleset(_ body: String, version: String = "2", functions: String = "") -> Ruleset {
  makeRuleset(
    """
    rules_version = '\(version)';
    \(functions)
    service cloud.firestore {
      match /databases/{database}/documents {
    \(body)
      }
    }
    """)
}

func path(_ text: String) -> ResourcePath { ResourcePath(parsing: text)! }

/// Evaluates an expression text with bindings (and an optional request/store).
func evalExpr(
  _ text: String, bindings: [String: RulesValue] = [:], request: Request? = nil, store: DocumentStore = DocumentStore(),
  ruleset: Ruleset? = nil, traceLevel: TraceLevel = .outcomes, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> ExpressionEvaluation {
  let parsed = RulesParser.parseExpression(SourceFile(name: "expr", text: text))
  #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)", sourceLocation: sourceLocation)
  return Evaluator.evaluate(
    expression: parsed.expr, bindings: bindings, request: request, store: store, ruleset: ruleset,
    options: EvaluationOptions(traceLevel: traceLevel))
}

extension ExpressionEvaluation {
  var value: RulesValue? { try? result.get() }
  var error: EvalError? {
    if case .failure(let error) = result { return error }
    return nil
  }
  var isTrue: Bool { if case .bool(true)? = value { true } else { false } }
  var isFalse: Bool { if case .bool(false)? = value { true } else { false } }
}

let alice = Auth(uid: "alice")
let usersStore = DocumentStore(documents: [
  Document(
    path: ResourcePath(parsing: "users/alice")!,
    fields: ["name": .string("Alice"), "age": .integer(30), "role": .string("admin")]),
  Document(path: ResourcePath(parsing: "users/bob")!, fields: ["name": .string("Bob"), "age": .integer(20)]),
])

// MARK: - Tests

@Suite struct EvaluatorTests {
  @Test func literalsAndOperators() {
    #expect(evalExpr("1 + 2 == 3").isTrue)
    #expect(evalExpr("'a' + 'b'").value == .string("ab"))
    #expect(evalExpr("[1, 2, 3][1]").value == .int(2))
    #expect(evalExpr("{'a': {'b': true}}.a.b").isTrue)
    #expect(evalExpr("1 is int && 'x' is string && !(1 is string)").isTrue)
    #expect(evalExpr("true ? 'yes' : 'no'").value == .string("yes"))
  }

  @Test func unknownVariableIsAnError() {
    #expect(evalExpr("nope == 1").error?.message == "Variable not found error: Name: [nope].")
  }

  @Test func customBindingsAreVisible() {
    let result = evalExpr("x * 2 == 84 && name.size() == 5", bindings: ["x": .int(42), "name": .string("alice")])
    #expect(result.isTrue)
  }

  @Test func bindingsOverrideRequestAndResource() {
    let request: RulesValue = .map(["auth": .map(["uid": .string("zed")])])
    #expect(evalExpr("request.auth.uid == 'zed'", bindings: ["request": request]).isTrue)
    #expect(evalExpr("resource.data.n", bindings: ["resource": .map(["data": .map(["n": .int(1)])])]).value == .int(1))
  }

  @Test func requestFields() {
    let request = Request.get(path("users/alice"), auth: alice, time: Timestamp(seconds: 1_000))
    #expect(evalExpr("request.method == 'get'", request: request).isTrue)
    #expect(evalExpr("request.auth.uid == 'alice'", request: request).isTrue)
    #expect(evalExpr("request.auth.token.sub == 'alice'", request: request).isTrue)
    #expect(evalExpr("request.auth.token.firebase.sign_in_provider == 'custom'", request: request).isTrue)
    #expect(evalExpr("request.path == /databases/(default)/documents/users/alice", request: request).isTrue)
    #expect(evalExpr("request.path is path", request: request).isTrue)
    #expect(evalExpr("request.time == timestamp.value(1000000)", request: request).isTrue)
    #expect(
      evalExpr("request.auth.token.admin", request: request).error?.message == "Property admin is undefined on object.")
  }

  @Test func unauthenticatedAuthIsNull() {
    let request = Request.get(path("users/alice"))
    #expect(evalExpr("request.auth == null", request: request).isTrue)
    #expect(evalExpr("request.auth.uid", request: request).error?.message == "Null value error.")
  }

  @Test func availabilityMatrix() {
    let get = Request.get(path("users/alice"))
    #expect(evalExpr("request.query", request: get).error?.message == "Property query is undefined on object.")
    #expect(evalExpr("request.resource", request: get).error?.message == "Property resource is undefined on object.")
    let list = Request.list(
      path("users"), query: QueryDescription(limit: 5, orderBy: [(FieldPath(["age"]), .descending)]))
    #expect(evalExpr("request.query.limit == 5", request: list).isTrue)
    #expect(evalExpr("request.query.orderBy.age == 'DESC'", request: list).isTrue)
    #expect(evalExpr("request.query.offset", request: list).error?.message == "Property offset is undefined on object.")
    let create = Request.create(path("users/carol"), data: ["name": .string("Carol")])
    #expect(evalExpr("request.resource.data.name == 'Carol'", request: create).isTrue)
    #expect(evalExpr("request.resource.id == 'carol'", request: create).isTrue)
    let delete = Request.delete(path("users/alice"))
    #expect(evalExpr("request.resource", request: delete).error?.message == "Property resource is undefined on object.")
    #expect(evalExpr("request.keys().hasAll(['auth', 'method', 'path', 'time'])", request: get).isTrue)
  }

  @Test func resourceIsTheStoredDocumentOrNull() {
    let existing = Request.get(path("users/alice"))
    #expect(evalExpr("resource.data.name == 'Alice'", request: existing, store: usersStore).isTrue)
    #expect(evalExpr("resource.id == 'alice'", request: existing, store: usersStore).isTrue)
    #expect(
      evalExpr("resource.__name__ == /databases/(default)/documents/users/alice", request: existing, store: usersStore)
        .isTrue)
    let missing = Request.get(path("users/zed"))
    #expect(evalExpr("resource == null", request: missing, store: usersStore).isTrue)
    #expect(evalExpr("resource.data", request: missing, store: usersStore).error?.message == "Null value error.")
    #expect(evalExpr("resource.data.typo == null", request: existing, store: usersStore).error != nil)
  }

  @Test func getAndExists() {
    let request = Request.get(path("users/alice"))
    let get = evalExpr("get(/databases/(default)/documents/users/bob).data.age", request: request, store: usersStore)
    #expect(get.value == .int(20))
    #expect(get.lookups.map(\.path) == [path("users/bob")])
    #expect(evalExpr("exists(/databases/(default)/documents/users/bob)", request: request, store: usersStore).isTrue)
    #expect(evalExpr("exists(/databases/(default)/documents/users/zed)", request: request, store: usersStore).isFalse)
    let missing = evalExpr("get(/databases/(default)/documents/users/zed)", request: request, store: usersStore)
    #expect(
      missing.error?.message
        == "Service call error. Function: [get], Argument: [/databases/(default)/documents/users/zed]: the document does not exist."
    )
    #expect(
      evalExpr("get('users/bob')", request: request).error?.message
        == "Unsupported operation error. Received: get(string). Expected: get(path).")
    #expect(evalExpr("exists(/databases/(default)/documents/users)", request: request).error != nil)
    #expect(evalExpr("exists(/databases/other/documents/users/bob)", request: request, store: usersStore).error != nil)
    // Another database's path: said in words, never as protobuf text.
    let other = evalExpr("get(/databases/analytics/documents/users/bob)", request: request, store: usersStore)
    #expect(
      other.error?.message.contains("rules read only the database of the request, (default), not analytics") == true)
    #expect(other.error?.message.contains("path_value") == false)
    // Bound to that database, the same path is a document of the request's database.
    var analytics = request
    analytics.database = "analytics"
    #expect(
      evalExpr("get(/databases/analytics/documents/users/bob).data.age", request: analytics, store: usersStore).value
        == .int(20))
  }

  @Test func getAfterSeesTheWrite() {
    let create = Request.create(path("users/carol"), data: ["name": .string("Carol")])
    #expect(
      evalExpr("getAfter(/databases/(default)/documents/users/carol).data.name == 'Carol'", request: create).isTrue)
    #expect(evalExpr("existsAfter(/databases/(default)/documents/users/carol)", request: create).isTrue)
    #expect(evalExpr("exists(/databases/(default)/documents/users/carol)", request: create).isFalse)
    let delete = Request.delete(path("users/alice"))
    #expect(
      evalExpr("existsAfter(/databases/(default)/documents/users/alice)", request: delete, store: usersStore).isFalse)
    let read = Request.get(path("users/alice"))
    #expect(
      evalExpr("existsAfter(/databases/(default)/documents/users/alice)", request: read, store: usersStore).error != nil
    )
  }

  @Test func pathInterpolation() {
    let bindings: [String: RulesValue] = ["uid": .string("alice"), "rest": .path(RulesPath(segments: ["a", "b"]))]
    #expect(evalExpr("/users/$(uid) == path('users/alice')", bindings: bindings).isTrue)
    #expect(
      evalExpr("/users/$(rest)/x", bindings: bindings).value == .path(RulesPath(segments: ["users", "a", "b", "x"])))
    #expect(evalExpr("/users/$(n)", bindings: ["n": .int(1)]).error != nil)
    #expect(evalExpr("/users/$(s)", bindings: ["s": .string("a/b")]).error != nil)
    #expect(
      evalExpr("/users/$(missing.x)", bindings: ["missing": .map([:])]).error?.message
        == "Property x is undefined on object.")
  }

  /// An id the client writes can only name one document of the collection the rules wrote: a
  /// string with '/' in `$(...)` does not splice segments into the path (it is an error, so the
  /// request is denied), even when the document it would splice to exists and would grant.
  /// (Docs/fidelity/checks.md, "Lookups on paths the client chooses".)
  @Test func aClientIdWithSlashesCannotReachAnotherDocument() {
    let evaluator = Evaluator(
      ruleset: documentsRuleset(
        """
            match /payments/{paymentId} {
              allow create: if get(/databases/$(database)/documents/reservations/$(request.resource.data.reservationId))
                .data.userId == request.auth.uid;
            }
            match /signups/{id} {
              allow create: if !exists(/databases/$(database)/documents/blocked/$(request.resource.data.name));
            }
        """))
    let store = DocumentStore(documents: [
      Document(path: path("reservations/r1"), fields: ["userId": .string("alice")]),
      Document(path: path("reservations/r2"), fields: ["userId": .string("mallory")]),
      // A document mallory controls, deeper in the same collection's tree.
      Document(path: path("reservations/r1/notes/n1"), fields: ["userId": .string("mallory")]),
    ])
    let mallory = Auth(uid: "mallory")
    func pay(_ reservationId: String) -> Bool {
      let request = Request.create(
        path("payments/p1"), data: ["reservationId": .string(reservationId)], auth: mallory)
      return evaluator.evaluate(request, store: store).allowed
    }
    #expect(pay("r2"))
    #expect(!pay("r1"))
    #expect(!pay("r1/notes/n1"))
    #expect(!pay("r2/"))
    // The error denies even where a missing document would grant (fail-closed).
    let signup = Request.create(path("signups/s1"), data: ["name": .string("a/b")], auth: mallory)
    #expect(!evaluator.evaluate(signup, store: store).allowed)
    let plain = Request.create(path("signups/s2"), data: ["name": .string("ab")], auth: mallory)
    #expect(evaluator.evaluate(plain, store: store).allowed)
  }

  @Test func debugReturnsItsArgumentAndLogsIt() {
    let result = evalExpr("debug('alice') == 'alice' && debug(1 + 1) == 2")
    #expect(result.isTrue)
    #expect(result.debugOutputs.map(\.text) == ["string_value: \"alice\"", "int_value: 2"])
  }

  @Test func namespacesAndShadowing() {
    #expect(evalExpr("math.abs(-3) == 3").isTrue)
    // A variable named like a namespace shadows it: this is a method call on the value.
    #expect(evalExpr("math.size() == 2", bindings: ["math": .list([.int(1), .int(2)])]).isTrue)
  }

  @Test func invalidExpressionIsAnError() {
    let result = Evaluator.evaluate(expression: Expr(.invalid))
    #expect(result.error != nil)
  }
}
