import Testing

@testable import RulesLanguage

/// Files with several independent errors: each must be reported once, with nothing
/// else (no cascades), and the rest of the file must still be read.
@Suite("Parser recovery")
struct ParserRecoveryTests {
  typealias T = ParserTestSupport

  @Test("Three broken allow statements give three diagnostics")
  func threeAllows() {
    let text = """
      service cloud.firestore {
        match /a/{b} {
          allow read: if a +;
          allow write: if (b;
          allow reed: if true;
          allow delete: if true;
        }
      }
      """
    #expect(
      T.ruleCodes(text) == [
        "parse.expected-expression@3:23", "parse.expected-token@4:23", "parse.unknown-method@5:11",
      ])
    let parsed = T.parse(text)
    guard case .match(let match) = parsed.file.service?.items.first else {
      Issue.record("match block lost")
      return
    }
    #expect(match.allows.count == 4)
    #expect(match.allows.last?.methods.map(\.method) == [.delete])
  }

  @Test("Missing ';' after let, missing return, junk after a condition")
  func functions() {
    let text = """
      function f(x) {
        let y = x + 1
        return y
      }
      function g() {
        let z = 1;
      }
      service cloud.firestore {
        match /a {
          allow read: if f(1) g(2);
          allow write: if true;
        }
      }
      """
    #expect(
      T.ruleCodes(text) == [
        "parse.expected-semicolon@2:16", "parse.missing-return@5:10", "parse.expected-semicolon@10:24",
      ])
    let diagnostics = T.parse(text).diagnostics
    #expect(diagnostics[0].message == "expected ';' after let binding")
    #expect(diagnostics[0].range == SourceRange.at(31))
    let parsed = T.parse(text)
    #expect(parsed.file.functions.first?.body == Expr(.identifier("y")))
    #expect(parsed.file.functions.first?.lets.count == 1)
  }

  @Test("Broken match paths do not hide later errors")
  func matchPaths() {
    let text = """
      service cloud.firestore {
        match /users/{uid {
          allow read: if true;
        }
        match /x/$(y) {
          allow write: if 1 +;
        }
        match /z/ {
          allow read;
        }
      }
      """
    #expect(
      T.ruleCodes(text) == [
        "parse.invalid-match-path@2:20", "parse.invalid-match-path@5:12", "parse.expected-expression@6:24",
        "parse.invalid-match-path@8:12",
      ])
    #expect(T.parse(text).file.service?.items.count == 3)
  }

  @Test("Match path mistakes that touch braces")
  func pathBraces() {
    let text = T.wrap(
      """
      match /users/{uid-x}/posts { allow read; }
      match /a{b} { allow read; }
      match /a /b { allow read; }
      match /glued{ allow read; }
      allow write: if x +;
      """)
    #expect(
      T.ruleCodes(text) == [
        "parse.invalid-match-path@4:18", "parse.invalid-match-path@5:9", "parse.invalid-match-path@6:9",
        "parse.expected-expression@8:20",
      ])
    guard case .match(let root) = T.parse(text).file.service?.items.first else {
      Issue.record("expected a match block first in the service")
      return
    }
    #expect(root.matches.count == 4)
    #expect(root.matches[3].path.description == "/glued")
    #expect(root.allows.count == 1)
  }

  @Test("Characters glued to a match path")
  func gluedJunk() {
    let text = T.wrap(
      """
      match /c_02>483/{docId} { allow read: if true; }
      match /collection_docId} { allow read: if true; }
      match /ok/{id} { allow read: if x +; }
      """)
    #expect(
      T.ruleCodes(text) == [
        "parse.invalid-match-path@4:12", "parse.invalid-match-path@5:24", "parse.expected-expression@6:36",
      ])
    guard case .match(let root) = T.parse(text).file.service?.items.first else {
      Issue.record("expected a match block first in the service")
      return
    }
    #expect(root.matches.count == 3)
  }

  @Test("A '}' too many is reported once, not at every statement after it")
  func extraBrace() {
    let text = """
      service cloud.firestore {
        match /a/{b} { allow read; } }
        match /c/{d} { allow read; }
        match /e/{f} { allow read; }
      }
      """
    #expect(T.ruleCodes(text) == ["parse.expected-declaration@3:3"])
  }

  @Test("A file cut short reports the first unclosed block only")
  func unclosed() {
    let text = "service cloud.firestore {\n  match /a {\n    allow read;\n"
    #expect(T.ruleCodes(text) == ["parse.expected-token@3:16"])
    let diagnostic = T.parse(text).diagnostics[0]
    #expect(diagnostic.message == "expected '}' to close the match block")
    #expect(diagnostic.notes.first?.range == SourceRange(start: 37, end: 38))
  }

  @Test("Top-level junk, a misplaced rules_version and a second service")
  func structure() {
    let text = """
      function f() { return 1; }
      rules_version = '2';
      foo bar;
      service cloud.firestore { }
      service cloud.firestore { }
      function h() { return 2 }
      """
    // A function after the service is accepted (deployed files do it).
    #expect(
      T.ruleCodes(text) == [
        "parse.unexpected-rules-version@2:1", "parse.expected-declaration@3:1", "parse.duplicate-service@5:1",
      ])
    let file = T.parse(text).file
    #expect(file.version == nil)
    #expect(file.functions.map(\.name.name) == ["f", "h"])
    #expect(file.service != nil)
  }

  @Test("A lexical error is not reported again by the parser")
  func lexThenParse() {
    let text = T.wrap("allow read: if a # b;\nallow write: if 'x\\q' == 1e5;\nallow get: if x +;")
    #expect(
      T.ruleCodes(text) == [
        "lex.unexpected-character@4:18", "lex.invalid-escape@5:19", "lex.invalid-number@5:26",
        "parse.expected-expression@6:18",
      ])
  }

  @Test("allow statements: missing 'if', missing ':', outside a match")
  func allowForms() {
    let text = """
      service cloud.firestore {
        allow read;
        match /a {
          allow read: request.auth != null;
          allow write if true;
          allow list, : if true;
        }
      }
      """
    #expect(
      T.ruleCodes(text) == [
        "parse.allow-outside-match@2:3", "parse.missing-if@4:16", "parse.expected-token@5:16",
        "parse.expected-token@6:16",
      ])
  }

  @Test("Unclosed call and list arguments stop at the statement end")
  func unclosedGroups() {
    let text = T.wrap("allow read: if f(a, b;\nallow write: if [1, 2;\nallow get: if {'a': 1;\nallow list: if x;")
    #expect(
      T.ruleCodes(text) == [
        "parse.expected-token@4:22", "parse.expected-token@5:22", "parse.expected-token@6:22",
      ])
    guard case .match(let match) = T.parse(text).file.service?.items.first else {
      Issue.record("expected a match block first in the service")
      return
    }
    #expect(match.allows.map { $0.methods.map(\.method) } == [[.read], [.write], [.get], [.list]])
  }

  @Test("A mistyped keyword skips its whole block")
  func typoKeyword() {
    let text = T.wrap("mtch /users/{id} { allow read: if true; }\nallow write: if x +;")
    #expect(T.ruleCodes(text) == ["parse.expected-statement@4:1", "parse.expected-expression@5:20"])
  }

  @Test("Function headers and bodies")
  func functionForms() {
    let text = """
      function (a) { return a; }
      function f(a b) { return a; }
      function g(a) { return a; return b; }
      function h(a) { return a; let x = 1; }
      service cloud.firestore { }
      """
    #expect(
      T.ruleCodes(text) == [
        "parse.expected-identifier@1:9", "parse.expected-token@2:13", "parse.statement-after-return@3:27",
        "parse.statement-after-return@4:27",
      ])
  }

  @Test("Messages read well")
  func messages() {
    func messages(_ text: String) -> [String] { T.parse(text).diagnostics.map(\.message) }
    #expect(messages(T.wrap("allow read: if ;")) == ["expected expression"])
    #expect(messages(T.wrap("allow read: if 'abc")) == ["unterminated string literal"])
    #expect(
      messages(
        T.wrap("allow read: if " + String(repeating: "(", count: 600) + "1" + String(repeating: ")", count: 600)))
        == ["expression nested too deeply or too long (limit 512 levels)"])
    #expect(
      messages(T.wrap("allow rd;")) == [
        "unknown method 'rd'; expected read, write, get, list, create, update or delete"
      ])
    #expect(messages("service { }") == ["expected a service name such as 'cloud.firestore'"])
    #expect(
      messages("rules_version = 2; service cloud.firestore { }") == ["the rules_version value is a string: write '2'"])
    #expect(T.parse("rules_version = 2; service cloud.firestore { }").file.version?.value == "2")
    #expect(messages("function f() { } service cloud.firestore { }") == ["function 'f' has no 'return' statement"])
  }

  @Test("Type tests and paths that need parentheses")
  func strictForms() {
    #expect(T.exprCodes("x is int + 1") == ["parse.type-test-operand@1:10"])
    #expect(T.exprCodes("x is int && y is string") == [])
    #expect(T.exprCodes("/a/$(b).c") == ["parse.path-needs-parentheses@1:8"])
    #expect(T.exprCodes("/a/b[0]") == ["parse.path-needs-parentheses@1:5"])
    #expect(T.exprCodes("f(1,,)") == ["parse.expected-expression@1:5"])
    #expect(T.exprCodes("f(,)") == ["parse.expected-expression@1:3"])
    #expect(T.exprCodes("x is") == ["parse.expected-type@1:5"])
  }
}

extension ParserRecoveryTests {
  @Test("A missing '}' is reported at the block the indentation shows open, and parsing goes on")
  func unclosedBlockByIndentation() throws {
    // The service body is not indented: only the indented blocks take part.
    let flat = """
      service cloud.firestore {
      match /databases/{database}/documents {
        match /a/{x} {
          allow read;

        match /b/{y} {
          allow read;
        }
      }
      }
      """
    #expect(T.ruleCodes(flat) == ["parse.unclosed-block@3:3"])
    let parsed = T.parse(flat)
    #expect(!parsed.hasUnreliableTree)
    guard case .match(let documents) = parsed.file.service?.items.first else {
      Issue.record("no match block")
      return
    }
    // `/b/{y}` is a sibling of `/a/{x}`, as indented.
    #expect(documents.matches.map(\.path.description) == ["/a/{x}", "/b/{y}"])
    #expect(parsed.diagnostics.first?.notes.first?.range == .at(flat.utf8.count - "\n\n  match /b/{y} {\n    allow read;\n  }\n}\n}".utf8.count))

    // A '}' further left than the block closes an outer block: the inner one is open.
    let dedentedBrace = """
      service cloud.firestore {
        match /a/{x} {
          match /b/{y} {
            allow read;
        }
      }
      """
    #expect(T.ruleCodes(dedentedBrace) == ["parse.unclosed-block@3:5"])

    // The service's own '}' missing at the end: reported there, as before.
    let serviceOpen = """
      service cloud.firestore {
        match /a/{x} {
          allow read;
        }
      """
    #expect(T.ruleCodes(serviceOpen) == ["parse.expected-token@4:4"])
    #expect(T.parse(serviceOpen).hasUnreliableTree)

    // Balanced braces with odd indentation are never second-guessed.
    let odd = """
      service cloud.firestore {
        match /a/{x} {
      allow read;
        match /b/{y} {
        allow read;
      }
          }
      }
      """
    #expect(T.ruleCodes(odd) == [])
  }
}
