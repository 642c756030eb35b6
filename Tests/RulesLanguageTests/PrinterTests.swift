import Testing

@testable import RulesLanguage

/// Small constructors for hand-built trees.
enum HandAST {
  static func id(_ name: String) -> Expr { Expr(.identifier(name)) }
  static func int(_ value: Int64) -> Expr { Expr(.int(value)) }
  static func str(_ value: String) -> Expr { Expr(.string(value)) }
  static func bin(_ op: BinaryOperator, _ lhs: Expr, _ rhs: Expr) -> Expr { Expr(.binary(op, lhs, rhs)) }
  static func not(_ operand: Expr) -> Expr { Expr(.unary(.not, operand)) }
  static func neg(_ operand: Expr) -> Expr { Expr(.unary(.negate, operand)) }
  static func member(_ base: Expr, _ name: String) -> Expr { Expr(.member(base, Identifier(name))) }
  static func method(_ base: Expr, _ name: String, _ args: [Expr] = []) -> Expr {
    Expr(.methodCall(base, Identifier(name), args))
  }
  static func call(_ name: String, _ args: [Expr] = []) -> Expr { Expr(.call(Identifier(name), args)) }
  static func ternary(_ c: Expr, _ t: Expr, _ f: Expr) -> Expr { Expr(.ternary(c, t, f)) }
  static func isType(_ value: Expr, _ type: String) -> Expr { Expr(.typeTest(value, TypeName(type))) }
}

@Suite("Printer")
struct PrinterTests {
  typealias A = HandAST

  @Test(
    "minimal parentheses follow the precedence table",
    arguments: [
      (A.bin(.and, A.bin(.or, A.id("a"), A.id("b")), A.id("c")), "(a || b) && c"),
      (A.bin(.or, A.id("a"), A.bin(.and, A.id("b"), A.id("c"))), "a || b && c"),
      (A.bin(.subtract, A.bin(.subtract, A.id("a"), A.id("b")), A.id("c")), "a - b - c"),
      (A.bin(.subtract, A.id("a"), A.bin(.subtract, A.id("b"), A.id("c"))), "a - (b - c)"),
      (A.bin(.multiply, A.bin(.add, A.id("a"), A.id("b")), A.id("c")), "(a + b) * c"),
      (A.bin(.equal, A.bin(.in, A.id("x"), A.id("y")), Expr(.bool(true))), "x in y == true"),
      (A.bin(.in, A.bin(.equal, A.id("x"), A.id("y")), A.id("z")), "(x == y) in z"),
      (A.bin(.equal, A.isType(A.id("v"), "int"), Expr(.bool(true))), "v is int == true"),
      (A.isType(A.isType(A.id("v"), "int"), "bool"), "v is int is bool"),
      (A.isType(A.bin(.in, A.id("a"), A.id("b")), "bool"), "a in b is bool"),
      (A.isType(A.bin(.equal, A.id("a"), A.id("b")), "bool"), "(a == b) is bool"),
      (A.not(A.bin(.equal, A.id("a"), A.id("b"))), "!(a == b)"),
      (A.not(A.not(A.id("a"))), "!!a"),
      (A.neg(A.member(A.id("x"), "y")), "-x.y"),
      (A.member(A.neg(A.id("x")), "y"), "(-x).y"),
      (A.neg(A.neg(A.id("x"))), "-(-x)"),
      (A.method(A.int(-5), "abs"), "(-5).abs()"),
      (A.bin(.subtract, A.id("a"), A.int(-5)), "a - -5"),
      (A.ternary(A.id("a"), A.id("b"), A.ternary(A.id("c"), A.id("d"), A.id("e"))), "a ? b : c ? d : e"),
      (A.ternary(A.ternary(A.id("a"), A.id("b"), A.id("c")), A.id("d"), A.id("e")), "(a ? b : c) ? d : e"),
      (A.bin(.and, A.ternary(A.id("a"), A.id("b"), A.id("c")), A.id("d")), "(a ? b : c) && d"),
      (A.ternary(A.bin(.or, A.id("a"), A.id("b")), A.id("c"), A.id("d")), "a || b ? c : d"),
    ])
  func precedence(expr: Expr, expected: String) {
    #expect(RulesPrinter.print(expr) == expected)
  }

  @Test("postfix forms, paths and literals")
  func postfixAndLiterals() {
    let path = Expr(
      .path([.literal("databases"), .interpolation(A.id("database")), .literal("documents"), .literal("(default)")]))
    #expect(RulesPrinter.print(path) == "/databases/$(database)/documents/(default)")
    #expect(
      RulesPrinter.print(A.method(path, "bind", [Expr(.map([]))]))
        == "(/databases/$(database)/documents/(default)).bind({})")
    let slice = Expr(.slice(A.id("s"), nil, A.int(3)))
    #expect(RulesPrinter.print(slice) == "s[:3]")
    #expect(RulesPrinter.print(Expr(.slice(A.id("s"), A.int(1), nil))) == "s[1:]")
    #expect(RulesPrinter.print(Expr(.index(A.call("f", [A.id("a"), A.id("b")]), A.str("k")))) == "f(a, b)['k']")
    let map = Expr(
      .map([MapEntry(key: "a", value: A.int(1)), MapEntry(key: "it's", value: Expr(.list([Expr(.null)])))]))
    #expect(RulesPrinter.print(map) == "{'a': 1, 'it\\'s': [null]}")
    #expect(RulesPrinter.print(Expr(.bytes([0x2A, 0xFF, 0x27, 0x5C]))) == "b'*\\xFF\\'\\\\'")
  }

  @Test("strings are re-escaped")
  func stringEscapes() {
    #expect(LiteralText.string("a'b\\c") == "'a\\'b\\\\c'")
    #expect(LiteralText.string("line\nnext\ttab\r") == "'line\\nnext\\ttab\\r'")
    #expect(LiteralText.string("\u{01}\u{7F}é😀\u{FFFD}") == "'\\u0001\\u007Fé😀\\uFFFD'")
    #expect(LiteralText.string("say \"hi\"") == "'say \"hi\"'")
  }

  @Test(
    "floats print as digits.digits",
    arguments: [
      (2.5, "2.5"), (0.1, "0.1"), (2.0, "2.0"), (1e20, "100000000000000000000.0"), (1e-5, "0.00001"),
      (123456.789, "123456.789"), (-0.5, "-0.5"), (1.5e-10, "0.00000000015"), (0.0, "0.0"),
    ])
  func floats(value: Double, expected: String) {
    #expect(LiteralText.float(value) == expected)
    #expect(Double(expected) == value)
  }

  @Test("a whole file prints in canonical layout")
  func wholeFile() {
    let isOwner = FunctionDecl(
      name: Identifier("isOwner"), parameters: [Identifier("uid")],
      lets: [
        LetBinding(name: Identifier("me"), value: A.member(A.member(A.id("request"), "auth"), "uid"), range: .none)
      ],
      body: A.bin(.equal, A.id("me"), A.id("uid")), range: .none)
    let users = MatchBlock(
      path: MatchPath(segments: [MatchSegment(.literal("users")), MatchSegment(.wildcard("uid"))], range: .none),
      items: [
        .allow(AllowStatement(methods: [MethodName(.read)], condition: nil, range: .none)),
        .allow(
          AllowStatement(
            methods: [MethodName(.create), MethodName(.update)], condition: A.call("isOwner", [A.id("uid")]),
            range: .none)),
      ], range: .none)
    let root = MatchBlock(
      path: MatchPath(
        segments: [
          MatchSegment(.literal("databases")), MatchSegment(.wildcard("database")), MatchSegment(.literal("documents")),
        ],
        range: .none),
      items: [.function(isOwner), .match(users)], range: .none)
    let file = RulesFile(
      version: RulesVersionDecl(value: "2", range: .none), functions: [],
      service: ServiceDecl(name: Identifier("cloud.firestore"), items: [.match(root)], range: .none), range: .none)
    let expected = """
      rules_version = '2';

      service cloud.firestore {
        match /databases/{database}/documents {
          function isOwner(uid) {
            let me = request.auth.uid;
            return me == uid;
          }

          match /users/{uid} {
            allow read;
            allow create, update: if isOwner(uid);
          }
        }
      }

      """
    #expect(RulesPrinter.print(file) == expected)
    let dump = """
      RulesFile version '2'
      └─ Service cloud.firestore
         └─ Match /databases/{database}/documents
            ├─ Function isOwner(uid)
            │  ├─ Let me
            │  │  └─ Member .uid
            │  │     └─ Member .auth
            │  │        └─ Identifier request
            │  └─ Return
            │     └─ Binary ==
            │        ├─ Identifier me
            │        └─ Identifier uid
            └─ Match /users/{uid}
               ├─ Allow read
               └─ Allow create, update
                  └─ Call isOwner
                     └─ Identifier uid

      """
    #expect(TreeDump.dump(file) == dump)
  }
}
