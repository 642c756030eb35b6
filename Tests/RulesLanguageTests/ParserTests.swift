import Testing

@testable import RulesLanguage

/// Helpers shared by the parser test files.
enum ParserTestSupport {
  static func parse(_ text: String) -> ParsedRules {
    RulesParser.parse(SourceFile(name: "test.rules", text: text))
  }

  static func expression(_ text: String) -> ParsedExpression {
    RulesParser.parseExpression(SourceFile(name: "expr", text: text))
  }

  /// The expression parsed from `text`, or `.invalid` when it had diagnostics.
  static func expr(_ text: String) -> ExprKind {
    let parsed = expression(text)
    return parsed.diagnostics.isEmpty ? parsed.expr.kind : .invalid
  }

  /// A rules file with one match block holding `body`.
  static func wrap(_ body: String) -> String {
    "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n\(body)\n  }\n}\n"
  }
}

// Short AST builders.
private func id(_ name: String) -> Expr { Expr(.identifier(name)) }
private func int(_ value: Int64) -> Expr { Expr(.int(value)) }
private func bin(_ op: BinaryOperator, _ lhs: Expr, _ rhs: Expr) -> Expr { Expr(.binary(op, lhs, rhs)) }
private func member(_ base: Expr, _ name: String) -> Expr { Expr(.member(base, Identifier(name))) }

@Suite("Parser")
struct ParserTests {
  typealias T = ParserTestSupport

  @Test("A typical rules file parses into the expected tree")
  func typicalFile() throws {
    let text = """
      rules_version = '2';
      function signedIn() { return request.auth != null; }
      service cloud.firestore {
        match /databases/{database}/documents {
          function isOwner(uid) {
            let me = request.auth.uid;
            return signedIn() && me == uid
          }
          match /users/{userId} {
            allow read;
            allow create, update: if isOwner(userId);
          }
          match /{path=**}/posts/{postId} {
            allow list: if get(/databases/$(database)/documents/users/$(request.auth.uid)).data.admin == true
          }
        }
      }
      """
    let parsed = T.parse(text)
    #expect(parsed.diagnostics.isEmpty)
    let file = parsed.file
    #expect(file.languageVersion == .v2)
    #expect(file.functions.map(\.name.name) == ["signedIn"])
    let service = try #require(file.service)
    #expect(service.name.name == "cloud.firestore")
    guard case .match(let root) = service.items.first else {
      Issue.record("expected a match block")
      return
    }
    #expect(root.path.description == "/databases/{database}/documents")
    #expect(root.functions.map(\.name.name) == ["isOwner"])
    let isOwner = root.functions[0]
    #expect(isOwner.parameters.map(\.name) == ["uid"])
    #expect(isOwner.lets.map(\.name.name) == ["me"])
    #expect(isOwner.body == bin(.and, Expr(.call(Identifier("signedIn"), [])), bin(.equal, id("me"), id("uid"))))
    #expect(root.matches.map(\.path.description) == ["/users/{userId}", "/{path=**}/posts/{postId}"])
    let users = root.matches[0]
    #expect(users.allows.map { $0.methods.map(\.method) } == [[.read], [.create, .update]])
    #expect(users.allows[0].condition == nil)
    let posts = root.matches[1]
    #expect(posts.path.segments.first?.kind == .recursiveWildcard("path"))
    let condition = try #require(posts.allows.first?.condition)
    let path = Expr(
      .path([
        .literal("databases"), .interpolation(id("database")), .literal("documents"), .literal("users"),
        .interpolation(member(member(id("request"), "auth"), "uid")),
      ]))
    let get = Expr(.call(Identifier("get"), [path]))
    #expect(condition == bin(.equal, member(member(get, "data"), "admin"), Expr(.bool(true))))
  }

  @Test("rules_version and semicolons are optional where the spec allows")
  func optionalParts() {
    let parsed = T.parse("service cloud.firestore { match /a/{b} { allow read } }")
    #expect(parsed.diagnostics.isEmpty)
    #expect(parsed.file.version == nil)
    #expect(parsed.file.languageVersion == .v1)
    #expect(
      T.parse("rules_version = \"1\"\nservice cloud.firestore { match /a { allow write: if true } }")
        .diagnostics.isEmpty)
    let function = T.parse("function f(a, b) { return a } service cloud.firestore { }")
    #expect(function.diagnostics.isEmpty)
    #expect(function.file.functions.first?.body == id("a"))
  }

  @Test("Every allow method, in order")
  func allowMethods() {
    let parsed = T.parse(T.wrap("allow read, write, get, list, create, update, delete: if true;"))
    #expect(parsed.diagnostics.isEmpty)
    guard case .match(let match) = parsed.file.service?.items.first else {
      Issue.record("expected a match block first in the service")
      return
    }
    #expect(match.allows.first?.methods.map(\.method) == Method.allCases)
  }

  @Test("Ranges point at the written text")
  func ranges() throws {
    let text = "service cloud.firestore { match /a/{b} { allow get: if x.y == 1; } }"
    let source = SourceFile(name: "t", text: text)
    let parsed = RulesParser.parse(source)
    let service = try #require(parsed.file.service)
    #expect(source.text(in: service.name.range) == "cloud.firestore")
    guard case .match(let match) = service.items.first else {
      Issue.record("expected a match block first in the service")
      return
    }
    #expect(source.text(in: match.path.range) == "/a/{b}")
    #expect(source.text(in: match.path.segments[1].range) == "{b}")
    let allow = match.allows[0]
    #expect(source.text(in: allow.range) == "allow get: if x.y == 1")
    #expect(source.text(in: allow.methods[0].range) == "get")
    #expect(source.text(in: allow.condition!.range) == "x.y == 1")
  }

  @Test(
    "Match path segments",
    arguments: [
      ("/databases/{database}/documents", ["databases", "{database}", "documents"]),
      ("/.some-path/{doc}", [".some-path", "{doc}"]),
      ("/v1.2_x-y/123/{rest=**}", ["v1.2_x-y", "123", "{rest=**}"]),
      ("/databases/(default)/documents", ["databases", "(default)", "documents"]),
    ])
  func matchPaths(path: String, segments: [String]) {
    let parsed = T.parse("service cloud.firestore { match \(path) { allow read; } }")
    #expect(parsed.diagnostics.isEmpty)
    guard case .match(let match) = parsed.file.service?.items.first else {
      Issue.record("no match block")
      return
    }
    #expect(match.path.segments.map(\.description) == segments)
  }

  @Test("Precedence follows the official table")
  func precedence() {
    #expect(T.expr("a || b && c") == bin(.or, id("a"), bin(.and, id("b"), id("c"))).kind)
    #expect(
      T.expr("a + b * c - d") == bin(.subtract, bin(.add, id("a"), bin(.multiply, id("b"), id("c"))), id("d")).kind)
    #expect(T.expr("x in y == true") == bin(.equal, bin(.in, id("x"), id("y")), Expr(.bool(true))).kind)
    #expect(
      T.expr("v is int == true") == bin(.equal, Expr(.typeTest(id("v"), TypeName("int"))), Expr(.bool(true))).kind)
    #expect(T.expr("a < b in c") == bin(.in, bin(.less, id("a"), id("b")), id("c")).kind)
    #expect(T.expr("a in b is bool") == Expr(.typeTest(bin(.in, id("a"), id("b")), TypeName("bool"))).kind)
    #expect(T.expr("!a == b") == bin(.equal, Expr(.unary(.not, id("a"))), id("b")).kind)
    #expect(T.expr("-a.b") == Expr(.unary(.negate, member(id("a"), "b"))).kind)
    #expect(T.expr("a / b / c") == bin(.divide, bin(.divide, id("a"), id("b")), id("c")).kind)
    #expect(
      T.expr("a ? b : c ? d : e") == Expr(.ternary(id("a"), id("b"), Expr(.ternary(id("c"), id("d"), id("e"))))).kind)
    #expect(T.expr("a || b ? c : d") == Expr(.ternary(bin(.or, id("a"), id("b")), id("c"), id("d"))).kind)
    #expect(T.expr("(a + b) * c") == bin(.multiply, bin(.add, id("a"), id("b")), id("c")).kind)
    #expect(T.expr("x is null") == Expr(.typeTest(id("x"), TypeName("null"))).kind)
    #expect(T.expr("x is strng") == Expr(.typeTest(id("x"), TypeName("strng"))).kind)
  }

  @Test("Unary operators repeat and fold into number literals")
  func unary() {
    #expect(T.expr("!!x") == Expr(.unary(.not, Expr(.unary(.not, id("x"))))).kind)
    #expect(T.expr("-5") == .int(-5))
    #expect(T.expr("-2.5") == .float(-2.5))
    #expect(T.expr("-(5)") == .int(-5))
    #expect(T.expr("--x") == Expr(.unary(.negate, Expr(.unary(.negate, id("x"))))).kind)
    #expect(T.expr("-9223372036854775808") == .int(Int64.min))
    #expect(T.expr("9223372036854775807") == .int(Int64.max))
    #expect(T.expr("1 - -9223372036854775808") == bin(.subtract, int(1), int(Int64.min)).kind)
    assertParseExpression("1️⃣9223372036854775808", [(.parseIntegerOutOfRange, "1️⃣")])
    assertParseExpression("-1️⃣9223372036854775809", [(.parseIntegerOutOfRange, "1️⃣")])
    assertParseExpression("-1️⃣9223372036854775808.abs()", [(.parseIntegerOutOfRange, "1️⃣")])
  }

  @Test("Postfix: members, methods, calls, indexes and slices")
  func postfix() {
    #expect(T.expr("a.b.c") == member(member(id("a"), "b"), "c").kind)
    #expect(T.expr("math.abs(x)") == Expr(.methodCall(id("math"), Identifier("abs"), [id("x")])).kind)
    #expect(T.expr("f()") == Expr(.call(Identifier("f"), [])).kind)
    #expect(T.expr("f(1, 2)") == Expr(.call(Identifier("f"), [int(1), int(2)])).kind)
    #expect(T.expr("a[0]") == Expr(.index(id("a"), int(0))).kind)
    #expect(T.expr("a[1:2]") == Expr(.slice(id("a"), int(1), int(2))).kind)
    #expect(T.expr("a[:2]") == Expr(.slice(id("a"), nil, int(2))).kind)
    #expect(T.expr("a[1:]") == Expr(.slice(id("a"), int(1), nil)).kind)
    #expect(T.expr("a.size") == member(id("a"), "size").kind)
    #expect(T.expr("x.list") == member(id("x"), "list").kind)
    assertParseExpression("a1️⃣[:]", [(.parseEmptySlice, "1️⃣")])
    assertParseExpression("a.1️⃣in", [(.parseKeywordAsMember, "1️⃣")])
    assertParseExpression("a[0]1️⃣(1)", [(.parseNotCallable, "1️⃣")])
    assertParseExpression("(f)1️⃣(1)", [(.parseNotCallable, "1️⃣")])
    #expect(T.expr("f (1)") == Expr(.call(Identifier("f"), [int(1)])).kind)
  }

  @Test(
    "Literals",
    arguments: [
      ("0", ExprKind.int(0)),
      ("42", .int(42)),
      ("2.25", .float(2.25)),
      ("'it''s'", .invalid),
      ("'a\\'b'", .string("a'b")),
      ("\"dq\"", .string("dq")),
      ("''", .string("")),
      ("'\\\\ \\\" \\n \\r \\t'", .string("\\ \" \n \r \t")),
      ("'\\a\\b\\f\\v\\?\\`'", .string("\u{07}\u{08}\u{0C}\u{0B}?`")),
      ("'\\x41\\u00e9\\U0001F600\\101'", .string("A\u{E9}\u{1F600}A")),
      ("'\\xE9'", .string("\u{E9}")),
      ("'€'", .string("€")),
      ("b'*'", .bytes([0x2A])),
      ("b\"\\x2A\\052\"", .bytes([0x2A, 0x2A])),
      ("b'€'", .bytes([0xE2, 0x82, 0xAC])),
      ("b'\\342\\202\\254'", .bytes([0xE2, 0x82, 0xAC])),
      ("true", .bool(true)),
      ("false", .bool(false)),
      ("null", .null),
    ])
  func literals(text: String, value: ExprKind) {
    #expect(T.expr(text) == value)
  }

  @Test("Constructs deployed files use: trailing commas, '{x=*}', functions after the service")
  func deployedForms() {
    #expect(T.expr("f(1, 2,)") == Expr(.call(Identifier("f"), [int(1), int(2)])).kind)
    #expect(T.expr("a.m(1,)") == T.expr("a.m(1)"))
    // A trailing comma after the last parameter: accepted, with a warning.
    let params = T.parse("function f(a, b,) { return a; } service cloud.firestore { }")
    assertParse("function f(a, b1️⃣,) { return a; } service cloud.firestore { }", [(.parseTrailingComma, "1️⃣")])
    #expect(params.diagnostics.first?.severity == .warning)
    #expect(params.file.functions.first?.parameters.map(\.name) == ["a", "b"])
    assertParse("function f(1️⃣,) { return 1; } service cloud.firestore { }", [(.parseExpectedIdentifier, "1️⃣")])
    // `{x=*}` is a single-segment wildcard, with a warning; `{x=***}` and `{x=}` stay errors.
    let star = T.parse("service cloud.firestore { match /m/{doc=*} { allow read; } }")
    assertParse("service cloud.firestore { match /m/1️⃣{doc=*} { allow read; } }", [(.parseSingleStarWildcard, "1️⃣")])
    #expect(star.diagnostics.first?.severity == .warning)
    guard case .match(let match) = star.file.service?.items.first else {
      Issue.record("no match block")
      return
    }
    #expect(match.path.segments.map(\.kind) == [.literal("m"), .wildcard("doc")])
    assertParse("service cloud.firestore { match /m/{doc=**1️⃣*} { allow read; } }", [(.parseInvalidMatchPath, "1️⃣")])
    assertParse("service cloud.firestore { match /m/{doc=1️⃣} { allow read; } }", [(.parseInvalidMatchPath, "1️⃣")])
    // Functions after the service are kept as top-level functions, without a diagnostic.
    let after = T.parse("service cloud.firestore { } function g() { return 1; }")
    #expect(after.diagnostics.isEmpty)
    #expect(after.file.functions.map(\.name.name) == ["g"])
  }

  @Test("Lists and maps, with trailing commas")
  func collections() {
    #expect(T.expr("[]") == .list([]))
    #expect(T.expr("[1, 2,]") == .list([int(1), int(2)]))
    #expect(T.expr("{}") == .map([]))
    #expect(
      T.expr("{'a': 1, \"b\": [2],}")
        == .map([
          MapEntry(key: "a", value: int(1)), MapEntry(key: "b", value: Expr(.list([int(2)]))),
        ]))
    assertParseExpression("{1️⃣a: 1}", [(.parseMapKeyNotString, "1️⃣")])
    assertParseExpression("{1️⃣1: 1, 'b': 2}", [(.parseMapKeyNotString, "1️⃣")])
  }

  @Test("Path literals and division")
  func paths() {
    #expect(
      T.expr("/databases/(default)/documents/c/d")
        == .path([
          .literal("databases"), .literal("(default)"), .literal("documents"), .literal("c"), .literal("d"),
        ]))
    #expect(T.expr("a / b") == bin(.divide, id("a"), id("b")).kind)
    #expect(T.expr("a/b") == bin(.divide, id("a"), id("b")).kind)
    #expect(
      T.expr("(/a/$(x)).bind({})")
        == Expr(
          .methodCall(
            Expr(.path([.literal("a"), .interpolation(id("x"))])), Identifier("bind"), [Expr(.map([]))])
        ).kind)
    #expect(T.expr("x == /a/b-c.d_1") == bin(.equal, id("x"), Expr(.path([.literal("a"), .literal("b-c.d_1")]))).kind)
    #expect(
      T.expr("exists(/a/$(b.c)/d)")
        == Expr(
          .call(
            Identifier("exists"),
            [
              Expr(.path([.literal("a"), .interpolation(member(id("b"), "c")), .literal("d")]))
            ])
        ).kind)
    #expect(
      T.expr("[/a, /b/c]") == .list([Expr(.path([.literal("a")])), Expr(.path([.literal("b"), .literal("c")]))]))
    assertParseExpression("x == /1️⃣ a", [(.parseInvalidPathLiteral, "1️⃣")])
  }

  @Test("Comments are trivia")
  func comments() {
    let text = """
      // leading
      rules_version = '2'; /* block
      comment */ service cloud.firestore { // trailing
        match /a { allow read: if /* inline */ true; }
      }
      """
    #expect(T.parse(text).diagnostics.isEmpty)
  }

  @Test("parseExpression requires the whole input")
  func trailingInput() {
    assertParseExpression("a 1️⃣b", [(.parseTrailingInput, "1️⃣")])
    assertParseExpression("1️⃣", [(.parseExpectedExpression, "1️⃣")])
    assertParseExpression("  a  ")
  }
}
