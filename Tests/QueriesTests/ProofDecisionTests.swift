import FirestoreModel
import Queries
import RulesEngine
import RulesLanguage
import Testing

/// Builds rulesets and queries for the proof tests.
enum ProofHarness {
  static let alice = Auth(uid: "alice")

  /// A v2 ruleset whose `body` sits inside `match /databases/{database}/documents`.
  static func ruleset(_ body: String, version: String? = "2") -> Ruleset {
    let header = version.map { "rules_version = '\($0)';\n" } ?? ""
    let text = header + "service cloud.firestore {\n  match /databases/{database}/documents {\n\(body)\n  }\n}\n"
    let source = SourceFile(name: "test.rules", text: text)
    let compiled = RulesCompiler.compile(source)
    let errors = compiled.diagnostics.filter { $0.severity == .error }
    precondition(errors.isEmpty, "rules do not compile: \(errors.map(\.message))")
    return Ruleset(file: compiled.file, source: source)
  }

  /// The normalized form of a valid query; `auth` binds `auth.uid` and `auth.token`.
  static func query(_ text: String, auth: Auth? = alice) -> NormalizedQuery {
    var bindings: [String: Value] = [:]
    if let auth { bindings["auth"] = .map(["uid": .string(auth.uid), "token": .map(auth.token)]) }
    let prepared = QueryPipeline.prepare(
      SourceFile(name: "<query>", text: text), context: QueryContext(bindings: bindings))
    guard let normalized = prepared.normalized else {
      preconditionFailure(
        "invalid query \(text): \(prepared.diagnostics.map(\.message)) \(String(describing: prepared.error))")
    }
    return normalized
  }

  static func prove(
    _ rules: Ruleset, _ query: String, auth: Auth? = alice, store: DocumentStore = DocumentStore()
  ) -> ListProof {
    ListAuthorizer(ruleset: rules, store: store).authorize(Self.query(query, auth: auth), auth: auth)
  }

  /// A ruleset with one `allow list` on `/items/{id}`.
  static func items(_ condition: String) -> Ruleset {
    ruleset("    match /items/{id} {\n      allow list: if \(condition);\n    }")
  }

  static func allowed(_ condition: String, _ query: String, auth: Auth? = alice) -> Bool {
    prove(items(condition), query, auth: auth).allowed
  }
}

/// Spec §7.1 examples and the shapes of the brief: per-value splitting of `in`/`or`,
/// ownership and visibility rules with suggested filters, `request.query.limit`.
@Suite struct ProofDecisionTests {
  typealias H = ProofHarness

  @Test("rule x > 5: in/or queries are checked per value (spec §7.1 rule 3)")
  func perValueSplitting() {
    let rule = "resource.data.x > 5"
    #expect(H.allowed(rule, #"collection("items").where("x", "in", [6, 42, 99, 105, 200])"#))
    #expect(!H.allowed(rule, #"collection("items").where("x", "in", [1, 3, 6, 42, 99])"#))
    #expect(H.allowed(rule, #"collection("items").where(or(where("x", "==", 6), where("x", "==", 42)))"#))
    #expect(!H.allowed(rule, #"collection("items").where(or(where("x", "==", 1), where("x", "==", 6)))"#))
  }

  @Test("a denied in-query reports the failing branch")
  func failingBranchIsReported() {
    let proof = H.prove(H.items("resource.data.x > 5"), #"collection("items").where("x", "in", [6, 3])"#)
    #expect(!proof.allowed)
    #expect(proof.branches.map(\.granted) == [true, false])
    #expect(proof.branches[1].branch.description == "x == 3")
    #expect(proof.branches[1].attempts.first?.outcome == .denied)
    #expect(proof.branches[1].attempts.first?.obstacles.first?.kind == .alwaysFalse)
  }

  @Test("owner rule: unfiltered query denied with the owner filter suggested")
  func ownerRule() {
    let rule = "resource.data.owner == request.auth.uid"
    let proof = H.prove(H.items(rule), #"collection("items")"#)
    #expect(!proof.allowed)
    #expect(proof.suggestions == [#".where("owner", "==", auth.uid)"#])
    let obstacle = proof.branches[0].attempts[0].obstacles[0]
    #expect(obstacle.kind == .unconstrained)
    #expect(obstacle.text == rule)
    #expect(H.allowed(rule, #"collection("items").where("owner", "==", auth.uid)"#))
    #expect(!H.allowed(rule, #"collection("items").where("owner", "==", "bob")"#))
    #expect(!H.allowed(rule, #"collection("items").where("owner", "==", "alice")"#, auth: nil))
  }

  @Test("visibility rule suggests the literal value")
  func visibilityRule() {
    let proof = H.prove(H.items("resource.data.visibility == 'public'"), #"collection("items").limit(3)"#)
    #expect(!proof.allowed)
    #expect(proof.suggestions == [#".where("visibility", "==", "public")"#])
    #expect(
      H.allowed("resource.data.visibility == 'public'", #"collection("items").where("visibility", "==", "public")"#))
  }

  @Test("either side of || is enough (spec §7.1 rule 2)")
  func disjunctiveRule() {
    let rule = "resource.data.published == true || request.auth.uid == resource.data.author"
    #expect(H.allowed(rule, #"collection("items").where("published", "==", true)"#))
    #expect(H.allowed(rule, #"collection("items").where("author", "==", auth.uid)"#))
    #expect(!H.allowed(rule, #"collection("items").where("published", "==", false)"#))
    let proof = H.prove(H.items(rule), #"collection("items")"#)
    #expect(proof.suggestions.count == 2)
  }

  @Test("request.query.limit: an unlimited query is denied with .limit suggested")
  func queryLimit() {
    let rule = "request.query.limit <= 10"
    let proof = H.prove(H.items(rule), #"collection("items")"#)
    #expect(!proof.allowed)
    #expect(proof.suggestions == [".limit(10)"])
    #expect(H.allowed(rule, #"collection("items").limit(10)"#))
    #expect(!H.allowed(rule, #"collection("items").limit(11)"#))
    #expect(H.prove(H.items("request.query.limit < 20"), #"collection("items")"#).suggestions == [".limit(19)"])
    #expect(H.allowed("request.query.offset == 0 || request.query.limit < 5", #"collection("items").limit(2)"#))
  }

  @Test("fixes: || needs one side, && both, ! flips them (De Morgan)")
  func fixes() {
    let a = #".where("a", "==", 1)"#
    let b = #".where("b", "==", 2)"#
    func fixes(_ rule: String, _ query: String = #"collection("items")"#) -> [[String]] {
      H.prove(H.items(rule), query).fixes
    }
    #expect(fixes("resource.data.a == 1 || resource.data.b == 2") == [[a], [b]])
    #expect(fixes("resource.data.a == 1 && resource.data.b == 2") == [[a, b]])
    #expect(
      fixes("!(resource.data.a == 1 || resource.data.b == 2)")
        == [[#".where("a", "!=", 1)"#, #".where("b", "!=", 2)"#]])
    #expect(fixes("resource.data.a == 1 && resource.data.b == 2", #"collection("items").where("a", "==", 1)"#) == [[b]])
    #expect(fixes("resource.data.a == 1 && resource.data.c.size() > 1") == [])
    let rules = H.ruleset(
      """
          match /items/{id} {
            allow list: if resource.data.a == 1;
            allow list: if request.query.limit <= 5 && resource.data.b == 2;
          }
      """)
    #expect(H.prove(rules, #"collection("items")"#).fixes == [[a], [".limit(5)", b]])
  }

  @Test("a field with no filter is unconstrained: denied, with a suggestion")
  func unconstrainedField() {
    let proof = H.prove(H.items("resource.data.age >= 18"), #"collection("items").where("name", "==", "x")"#)
    #expect(!proof.allowed)
    #expect(proof.branches[0].attempts[0].outcome == .unprovable)
    #expect(proof.suggestions == [#".where("age", ">=", 18)"#])
  }

  @Test("a later allow can grant a branch the first one cannot")
  func laterAllowGrants() {
    let rules = H.ruleset(
      """
          match /items/{id} {
            allow list: if resource.data.x > 5;
            allow read: if resource.data.shared == true;
          }
      """)
    let query = #"collection("items").where(or(where("x", "==", 9), where("shared", "==", true)))"#
    let proof = H.prove(rules, query)
    #expect(proof.allowed)
    #expect(proof.branches[1].attempts.count == 2)
    #expect(!H.prove(rules, #"collection("items").where("x", "==", 1)"#).allowed)
  }

  @Test("no matching block: denied with a note")
  func noMatch() {
    let proof = H.prove(H.items("true"), #"collection("other")"#)
    #expect(!proof.allowed)
    #expect(proof.summary == "No matching allow statements")
    #expect(proof.notes.first?.contains("no match block") == true)
  }

  @Test("allow without condition grants every query")
  func unconditional() {
    let rules = H.ruleset("    match /items/{id} { allow read; }")
    #expect(H.prove(rules, #"collection("items")"#).allowed)
  }

  @Test("select and aggregations are decided per whole document")
  func projectionNote() {
    let rule = "resource.data.owner == request.auth.uid"
    let proof = H.prove(H.items(rule), #"collection("items").select("title")"#)
    #expect(!proof.allowed)
    #expect(proof.notes.contains { $0.contains("per whole document") })
    let count = H.prove(H.items(rule), #"collection("items").count()"#)
    #expect(!count.allowed)
    #expect(count.notes.contains { $0.contains("per whole document") })
    #expect(H.allowed(rule, #"collection("items").where("owner", "==", auth.uid).count()"#))
  }
}
