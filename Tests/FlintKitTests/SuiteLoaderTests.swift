import FirestoreModel
import FlintKit
import RulesEngine
import Testing

/// Every way a suite can be invalid gives an error naming the file, the JSON path and the
/// reason (exit status 2 in the CLI), and valid suites load into the model.
@Suite struct SuiteLoaderTests {
  static let getAlice = #"{"name": "n", "request": {"method": "get", "path": "users/alice"}, "expect": "allow"}"#

  /// (what is wrong, suite text, the exact message).
  static let invalidSuites: [(String, String, String)] = [
    (
      "bad JSON", #"{"rules": "firestore.rules", "cases": [}"#,
      "suite.json:1:40: $.cases[0]: unexpected '}': expected a value"
    ),
    ("top level not an object", "[]", "suite.json:1:1: $: expected an object, found an array"),
    (
      "unknown top-level key", #"{"rules": "firestore.rules", "case": []}"#,
      #"suite.json:1:38: $.case: unknown key "case" (expected one of: bucket, cases, data, database, objects, rules, time)"#
    ),
    ("missing rules", #"{"cases": []}"#, #"suite.json:1:1: $: missing required key "rules""#),
    (
      "rules not a string", #"{"rules": 1, "cases": []}"#,
      "suite.json:1:11: $.rules: expected a string, found an integer"
    ),
    (
      "no cases", #"{"rules": "firestore.rules", "cases": []}"#,
      "suite.json:1:39: $.cases: a suite needs at least one case"
    ),
    (
      "suite time", TestRules.suite(case: getAlice, extra: #", "time": "2024-13-01T00:00:00Z""#),
      #"suite.json:1:38: $.time: invalid timestamp "2024-13-01T00:00:00Z": "#
    ),
    (
      "unknown case key", TestRules.suite(case: #"{"name": "n", "reqest": {}, "expect": "allow"}"#),
      #"suite.json:1:64: $.cases[0].reqest: unknown key "reqest" (expected one of: batch, database, expect, maxReads, name, objects, request, seed)"#
    ),
    (
      "case name not a string", TestRules.suite(case: #"{"name": 3, "request": {}, "expect": "allow"}"#),
      "suite.json:1:49: $.cases[0].name: expected a string, found an integer"
    ),
    (
      "bad expect",
      TestRules.suite(case: #"{"name": "n", "request": {"method": "get", "path": "users/a"}, "expect": "allowed"}"#),
      "$.cases[0].expect: expected one of allow, deny, not-found, already-exists"
    ),
    (
      "bad method",
      TestRules.suite(case: #"{"name": "n", "request": {"method": "read", "path": "users/a"}, "expect": "deny"}"#),
      "suite.json:1:76: $.cases[0].request.method: expected one of get, list, create, update, delete"
    ),
    (
      "method not a string",
      TestRules.suite(case: #"{"name": "n", "request": {"method": 1, "path": "users/a"}, "expect": "deny"}"#),
      "$.cases[0].request.method: expected one of get, list, create, update, delete"
    ),
    (
      "odd-segment path for get",
      TestRules.suite(case: #"{"name": "n", "request": {"method": "get", "path": "users"}, "expect": "deny"}"#),
      #"$.cases[0].request.path: a get request targets a document: "users" has 1 segment; a document path has an even number (collection/id)"#
    ),
    (
      "even-segment path for list",
      TestRules.suite(case: #"{"name": "n", "request": {"method": "list", "path": "/users/alice"}, "expect": "deny"}"#),
      #"$.cases[0].request.path: a list request targets a collection: "/users/alice" has 2 segments; a collection path has an odd number"#
    ),
    (
      "empty path segment",
      TestRules.suite(case: #"{"name": "n", "request": {"method": "get", "path": "users//a"}, "expect": "deny"}"#),
      #"$.cases[0].request.path: "users//a" is not a valid path (empty segment)"#
    ),
    (
      "request time",
      TestRules.suite(
        case: #"{"name": "n", "request": {"method": "get", "path": "users/a", "time": "yesterday"}, "expect": "deny"}"#),
      #"$.cases[0].request.time: invalid timestamp "yesterday""#
    ),
    (
      "auth without uid",
      TestRules.suite(
        case:
          #"{"name": "n", "request": {"method": "get", "path": "users/a", "auth": {"token": {}}}, "expect": "deny"}"#),
      #"$.cases[0].request.auth: missing required key "uid""#
    ),
    (
      "unknown auth key",
      TestRules.suite(
        case:
          #"{"name": "n", "request": {"method": "get", "path": "users/a", "auth": {"uid": "a", "claims": {}}}, "expect": "deny"}"#
      ),
      #"$.cases[0].request.auth.claims: unknown key "claims" (expected one of: token, uid)"#
    ),
    (
      "unknown tag in a claim",
      TestRules.suite(
        case:
          #"{"name": "n", "request": {"method": "get", "path": "users/a", "auth": {"uid": "a", "token": {"t": {"__time__": 1}}}}, "expect": "deny"}"#
      ),
      "$.cases[0].request.auth.token.t.__time__: unknown tag __time__"
    ),
    (
      "data on a get",
      TestRules.suite(
        case: #"{"name": "n", "request": {"method": "get", "path": "users/a", "data": {}}, "expect": "deny"}"#),
      #"$.cases[0].request.data: "data" is the document after a write; a get request has none"#
    ),
    (
      "query on a get",
      TestRules.suite(
        case:
          #"{"name": "n", "request": {"method": "get", "path": "users/a", "query": "collection(\"users\")"}, "expect": "deny"}"#
      ),
      #"$.cases[0].request.query: "query" is only for list requests"#
    ),
    (
      "invalid timestamp in request data",
      TestRules.suite(
        case:
          #"{"name": "n", "request": {"method": "create", "path": "users/a", "data": {"at": {"__timestamp__": "2024-01-01"}}}, "expect": "deny"}"#
      ),
      #"$.cases[0].request.data.at.__timestamp__: invalid timestamp "2024-01-01""#
    ),
    (
      "query syntax",
      TestRules.suite(
        case:
          #"{"name": "n", "request": {"method": "list", "query": "collection(\"posts\").limit("}, "expect": "deny"}"#),
      "$.cases[0].request.query: invalid query at column "
    ),
    (
      "invalid query",
      TestRules.suite(
        case:
          #"{"name": "n", "request": {"method": "list", "query": {"collection": "posts", "limit": -1}}, "expect": "deny"}"#
      ),
      "$.cases[0].request.query: invalid query: "
    ),
    (
      "query and path disagree",
      TestRules.suite(
        case:
          #"{"name": "n", "request": {"method": "list", "path": "users", "query": "collection(\"posts\")"}, "expect": "deny"}"#
      ),
      #"$.cases[0].request.path: path "users" differs from the query's collection "posts""#
    ),
    (
      "no request", TestRules.suite(case: #"{"name": "n", "expect": "deny"}"#),
      #"$.cases[0]: a case needs "request" or "batch""#
    ),
    (
      "request and batch", TestRules.suite(case: #"{"name": "n", "request": {}, "batch": [], "expect": "deny"}"#),
      #"$.cases[0].batch: a case has either "request" or "batch", not both"#
    ),
    (
      "empty batch", TestRules.suite(case: #"{"name": "n", "batch": [], "expect": "deny"}"#),
      "$.cases[0].batch: a batch needs at least one request"
    ),
    (
      "list in a batch",
      TestRules.suite(case: #"{"name": "n", "batch": [{"method": "list", "path": "posts"}], "expect": "deny"}"#),
      "$.cases[0].batch[0]: a batch holds get and write requests; give a list request its own case"
    ),
    (
      "duplicate case names", #"{"rules": "firestore.rules", "cases": [\#(getAlice), \#(getAlice)]}"#,
      #"$.cases[1].name: another case is already named "n""#
    ),
    (
      "inline data: odd-segment document path", TestRules.suite(case: getAlice, extra: #", "data": {"users": {}}"#),
      #"$.data.users: "users" is not a document path: it has 1 segment"#
    ),
    (
      "inline data: unknown tag",
      TestRules.suite(case: getAlice, extra: #", "data": {"users/a": {"x": {"__blob__": "AA=="}}}"#),
      "suite.json:1:69: $.data.users/a.x.__blob__: unknown tag __blob__ (known tags: "
    ),
    (
      "inline data: not an object", TestRules.suite(case: getAlice, extra: #", "data": 5"#),
      "$.data: expected an object of documents or a data file name, found an integer"
    ),
    (
      "seed: invalid latlng",
      TestRules.suite(
        case:
          #"{"name": "n", "seed": {"a/b": {"p": {"__latlng__": [91, 0]}}}, "request": {"method": "get", "path": "users/a"}, "expect": "deny"}"#
      ),
      "suite.json:1:92: $.cases[0].seed.a/b.p.__latlng__[0]: latitude 91.0 is outside -90...90"
    ),
  ]

  @Test(arguments: invalidSuites)
  func invalidSuite(_ what: String, _ suite: String, _ message: String) {
    let files = TestRules.files(suite)
    switch files.error() {
    case .invalid?, .invalidCases?: break
    default:
      Issue.record("\(what): expected an invalid-suite error, got \(files.message())")
      return
    }
    #expect(files.message().contains(message), "\(what): \(files.message())")
    #expect(files.message().hasPrefix("suite.json"), "\(what): \(files.message())")
  }

  @Test func missingRulesFile() {
    let files = MemoryFiles(["suite.json": TestRules.suite(case: Self.getAlice)])
    guard case .unreadable(let message)? = files.error() else {
      Issue.record("expected unreadable, got \(files.message())")
      return
    }
    #expect(message == "cannot read 'firestore.rules': No such file or directory")
  }

  @Test func rulesResolveAgainstTheSuiteFolder() throws {
    let files = MemoryFiles([
      "tests/suite.json": #"{"rules": "../rules/app.rules", "data": "seed/data.json", "cases": [\#(Self.getAlice)]}"#,
      "tests/../rules/app.rules": TestRules.users,
      "tests/seed/data.json": #"{"users/alice": {"name": "Alice"}}"#,
    ])
    let suite = try files.load("tests/suite.json")
    #expect(suite.rulesFile == "tests/../rules/app.rules")
    #expect(suite.store.count == 1)
  }

  @Test func rulesThatDoNotCompile() {
    let files = MemoryFiles([
      "suite.json": TestRules.suite(case: Self.getAlice),
      // (An undefined name would deploy, as Google's compiler only warns; a syntax error does not.)
      "firestore.rules": "service cloud.firestore { match /a/{b} { allow read: if b == ; } }",
    ])
    guard case .rules(_, let diagnostics)? = files.error() else {
      Issue.record("expected rules diagnostics, got \(files.message())")
      return
    }
    #expect(diagnostics.contains { $0.severity == .error })
    #expect(files.message().contains("firestore.rules:1:"))
    #expect(files.message().contains("error"))
  }

  @Test func recursiveFunctionsDoNotCompile() {
    let files = MemoryFiles([
      "suite.json": TestRules.suite(case: Self.getAlice),
      "firestore.rules": """
      rules_version = '2';
      service cloud.firestore { match /databases/{d}/documents {
        function f(n) { return f(n); }
        match /a/{b} { allow read: if f(1); }
      } }
      """,
    ])
    guard case .rules? = files.error() else {
      Issue.record("expected rules diagnostics, got \(files.message())")
      return
    }
  }

  @Test func dataFileErrorsNameTheDataFile() {
    let suite = TestRules.suite(case: Self.getAlice, extra: #", "data": "data.json""#)
    let missing = TestRules.files(suite)
    #expect(missing.message() == "cannot read 'data.json': No such file or directory")

    let badJSON = TestRules.files(suite, more: ["data.json": "{\"users/alice\": {\"n\": 01}}"])
    #expect(badJSON.message().hasPrefix("data.json:1:"), "\(badJSON.message())")

    let badTag = TestRules.files(
      suite, more: ["data.json": "{\n \"users/alice\": {\"at\": {\"__timestamp__\": \"never\"}}\n}"])
    #expect(badTag.message().hasPrefix("data.json:2:"), "\(badTag.message())")
    #expect(
      badTag.message().contains(#"data.json:2:42: $.users/alice.at.__timestamp__: invalid timestamp "never": "#),
      "\(badTag.message())")

    let badREST = TestRules.files(
      suite,
      more: ["data.json": #"{"documents": [{"name": "projects/p/databases/(default)/documents/users", "fields": {}}]}"#]
    )
    #expect(badREST.message().hasPrefix("data.json:1:"), "\(badREST.message())")
    #expect(badREST.message().contains("$.documents[0].name"), "\(badREST.message())")
  }

  @Test func yamlSuiteErrorsCarryLines() {
    let yaml = """
      rules: firestore.rules
      cases:
        - name: n
          request: {method: fetch, path: users/a}
          expect: deny
      """
    let files = TestRules.files("", more: ["suite.yaml": yaml])
    #expect(
      files.message("suite.yaml")
        == "suite.yaml:4:23: $.cases[0].request.method: expected one of get, list, create, update, delete")

    let broken = TestRules.files("", more: ["suite.yml": "rules: [unclosed\ncases: 1\n"])
    #expect(broken.message("suite.yml").hasPrefix("suite.yml:"), "\(broken.message("suite.yml"))")
    #expect(broken.message("suite.yml").contains("invalid YAML"), "\(broken.message("suite.yml"))")
  }

  @Test func loadsAValidSuite() throws {
    let suite = try TestRules.files(
      #"""
      {"rules": "firestore.rules", "time": "2024-01-01T00:00:00Z",
       "data": {"users/alice": {"name": "Alice"}},
       "cases": [
        {"name": "get", "request": {"method": "get", "path": "/users/alice", "auth": {"uid": "alice", "token": {"admin": true}}}, "expect": "allow"},
        {"name": "create", "request": {"method": "create", "path": "users/bob", "time": "2024-02-01T00:00:00Z",
                                       "data": {"at": {"__server_timestamp__": true}}}, "expect": "deny"},
        {"name": "list", "request": {"method": "list", "query": "collection(\"posts\").orderBy(\"at\", \"desc\").limit(3)"}, "expect": "allow"},
        {"name": "batch", "seed": {}, "batch": [{"method": "delete", "path": "users/alice"}], "expect": "deny"}
       ]}
      """#
    ).load()
    #expect(suite.cases.count == 4)
    #expect(suite.time == Timestamp(seconds: 1_704_067_200))
    guard case .single(let get) = suite.cases[0].action else { return #expect(Bool(false)) }
    #expect(get.request.path.description == "users/alice")
    #expect(get.request.auth?.token["admin"] == .boolean(true))
    #expect(get.request.time == suite.time)
    guard case .single(let create) = suite.cases[1].action else { return #expect(Bool(false)) }
    let createTime = Timestamp(seconds: 1_706_745_600)
    #expect(create.request.time == createTime)
    #expect(create.request.resourceData?["at"] == .timestamp(createTime))
    guard case .single(let list) = suite.cases[2].action else { return #expect(Bool(false)) }
    #expect(list.request.path.description == "posts")
    #expect(list.request.query?.limit == 3)
    #expect(list.request.query?.orderBy.first?.direction == .descending)
    #expect(list.query != nil)
    #expect(suite.cases[3].store.count == 0)
    #expect(suite.cases[0].store.count == 1)
  }

  @Test func yamlKeepsIntegersAndFloatsApart() throws {
    let yaml = """
      rules: firestore.rules
      data:
        users/alice: {i: 3, f: 3.0, e: 1e3, s: "3", t: 2024-01-01T00:00:00Z, n: null, b: true}
      cases:
        - {name: n, request: {method: get, path: users/alice}, expect: allow}
      """
    let suite = try TestRules.files("", more: ["suite.yaml": yaml]).load("suite.yaml")
    let fields = suite.store.document(at: ResourcePath(segments: ["users", "alice"]))?.fields ?? [:]
    #expect(fields["i"] == .integer(3))
    #expect(fields["f"] == .double(3))
    #expect(fields["e"] == .double(1000))
    #expect(fields["s"] == .string("3"))
    #expect(fields["t"] == .string("2024-01-01T00:00:00Z"))
    #expect(fields["n"] == .null)
    #expect(fields["b"] == .boolean(true))
  }
}
