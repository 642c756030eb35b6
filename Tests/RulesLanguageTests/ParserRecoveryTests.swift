import Testing

@testable import RulesLanguage

/// Files with several independent errors: each must be reported once, with nothing
/// else (no cascades), and the rest of the file must still be read.
@Suite("Parser recovery")
struct ParserRecoveryTests {
  typealias T = ParserTestSupport

  @Test("Three broken allow statements give three diagnostics")
  func threeAllows() {
    let markedText = """
      service cloud.firestore {
        match /a/{b} {
          allow read: if a +1️⃣;
          allow write: if (b2️⃣;
          allow 3️⃣reed: if true;
          allow delete: if true;
        }
      }
      """
    let text = MarkedSource(markedText).text
    assertParse(markedText, [(.parseExpectedExpression, "1️⃣"), (.parseExpectedToken, "2️⃣"), (.parseUnknownMethod, "3️⃣")])
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
    let markedText = """
      function f(x) {
        let y = x + 11️⃣
        return y
      }
      function 2️⃣g() {
        let z = 1;
      }
      service cloud.firestore {
        match /a {
          allow read: if f(1)3️⃣ g(2);
          allow write: if true;
        }
      }
      """
    let text = MarkedSource(markedText).text
    assertParse(
      markedText, [(.parseExpectedSemicolon, "1️⃣"), (.parseMissingReturn, "2️⃣"), (.parseExpectedSemicolon, "3️⃣")])
    let diagnostics = T.parse(text).diagnostics
    #expect(diagnostics[0].message == "expected ';' after let binding")
    #expect(diagnostics[0].range == SourceRange.at(31))
    let parsed = T.parse(text)
    #expect(parsed.file.functions.first?.body == Expr(.identifier("y")))
    #expect(parsed.file.functions.first?.lets.count == 1)
  }

  @Test("Broken match paths do not hide later errors")
  func matchPaths() {
    let markedText = """
      service cloud.firestore {
        match /users/{uid1️⃣ {
          allow read: if true;
        }
        match /x/2️⃣$(y) {
          allow write: if 1 +3️⃣;
        }
        match /z/4️⃣ {
          allow read;
        }
      }
      """
    let text = MarkedSource(markedText).text
    assertParse(
      markedText,
      [
        (.parseInvalidMatchPath, "1️⃣"), (.parseInvalidMatchPath, "2️⃣"), (.parseExpectedExpression, "3️⃣"),
        (.parseInvalidMatchPath, "4️⃣"),
      ])
    #expect(T.parse(text).file.service?.items.count == 3)
  }

  @Test("Match path mistakes that touch braces")
  func pathBraces() {
    let marked = T.wrap(
      """
      match /users/{uid1️⃣-x}/posts { allow read; }
      match /a2️⃣{b} { allow read; }
      match /a3️⃣ /b { allow read; }
      match /glued{ allow read; }
      allow write: if x +4️⃣;
      """)
    let text = MarkedSource(marked).text
    assertParse(
      marked,
      [
        (.parseInvalidMatchPath, "1️⃣"), (.parseInvalidMatchPath, "2️⃣"), (.parseInvalidMatchPath, "3️⃣"),
        (.parseExpectedExpression, "4️⃣"),
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
    let marked = T.wrap(
      """
      match /c_021️⃣>483/{docId} { allow read: if true; }
      match /collection_docId2️⃣} { allow read: if true; }
      match /ok/{id} { allow read: if x +3️⃣; }
      """)
    let text = MarkedSource(marked).text
    assertParse(
      marked, [(.parseInvalidMatchPath, "1️⃣"), (.parseInvalidMatchPath, "2️⃣"), (.parseExpectedExpression, "3️⃣")])
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
        1️⃣match /c/{d} { allow read; }
        match /e/{f} { allow read; }
      }
      """
    assertParse(text, [(.parseExpectedDeclaration, "1️⃣")])
  }

  @Test("A file cut short reports the first unclosed block only")
  func unclosed() {
    let marked = "service cloud.firestore {\n  match /a {\n    allow read;1️⃣\n"
    let text = MarkedSource(marked).text
    assertParse(marked, [(.parseExpectedToken, "1️⃣")])
    let diagnostic = T.parse(text).diagnostics[0]
    #expect(diagnostic.message == "expected '}' to close the match block")
    #expect(diagnostic.notes.first?.range == SourceRange(start: 37, end: 38))
  }

  @Test("Top-level junk, a misplaced rules_version and a second service")
  func structure() {
    let markedText = """
      function f() { return 1; }
      1️⃣rules_version = '2';
      2️⃣foo bar;
      service cloud.firestore { }
      3️⃣service cloud.firestore { }
      function h() { return 2 }
      """
    let text = MarkedSource(markedText).text
    // A function after the service is accepted (deployed files do it).
    assertParse(
      markedText,
      [(.parseUnexpectedRulesVersion, "1️⃣"), (.parseExpectedDeclaration, "2️⃣"), (.parseDuplicateService, "3️⃣")])
    let file = T.parse(text).file
    #expect(file.version == nil)
    #expect(file.functions.map(\.name.name) == ["f", "h"])
    #expect(file.service != nil)
  }

  @Test("A lexical error is not reported again by the parser")
  func lexThenParse() {
    assertParse(
      T.wrap("allow read: if a 1️⃣# b;\nallow write: if 'x2️⃣\\q' == 3️⃣1e5;\nallow get: if x +4️⃣;"),
      [
        (.lexUnexpectedCharacter, "1️⃣"), (.lexInvalidEscape, "2️⃣"), (.lexInvalidNumber, "3️⃣"),
        (.parseExpectedExpression, "4️⃣"),
      ])
  }

  @Test("allow statements: missing 'if', missing ':', outside a match")
  func allowForms() {
    let text = """
      service cloud.firestore {
        1️⃣allow read;
        match /a {
          allow read:2️⃣ request.auth != null;
          allow write3️⃣ if true;
          allow list,4️⃣ : if true;
        }
      }
      """
    assertParse(
      text,
      [(.parseAllowOutsideMatch, "1️⃣"), (.parseMissingIf, "2️⃣"), (.parseExpectedToken, "3️⃣"), (.parseExpectedToken, "4️⃣")])
  }

  @Test("Unclosed call and list arguments stop at the statement end")
  func unclosedGroups() {
    let marked = T.wrap("allow read: if f(a, b1️⃣;\nallow write: if [1, 22️⃣;\nallow get: if {'a': 13️⃣;\nallow list: if x;")
    let text = MarkedSource(marked).text
    assertParse(marked, [(.parseExpectedToken, "1️⃣"), (.parseExpectedToken, "2️⃣"), (.parseExpectedToken, "3️⃣")])
    guard case .match(let match) = T.parse(text).file.service?.items.first else {
      Issue.record("expected a match block first in the service")
      return
    }
    #expect(match.allows.map { $0.methods.map(\.method) } == [[.read], [.write], [.get], [.list]])
  }

  @Test("A mistyped keyword skips its whole block")
  func typoKeyword() {
    assertParse(
      T.wrap("1️⃣mtch /users/{id} { allow read: if true; }\nallow write: if x +2️⃣;"),
      [(.parseExpectedStatement, "1️⃣"), (.parseExpectedExpression, "2️⃣")])
  }

  @Test("Function headers and bodies")
  func functionForms() {
    let text = """
      function1️⃣ (a) { return a; }
      function f(a2️⃣ b) { return a; }
      function g(a) { return a; 3️⃣return b; }
      function h(a) { return a; 4️⃣let x = 1; }
      service cloud.firestore { }
      """
    assertParse(
      text,
      [
        (.parseExpectedIdentifier, "1️⃣"), (.parseExpectedToken, "2️⃣"), (.parseStatementAfterReturn, "3️⃣"),
        (.parseStatementAfterReturn, "4️⃣"),
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
    assertParseExpression("x is int 1️⃣+ 1", [(.parseTypeTestOperand, "1️⃣")])
    assertParseExpression("x is int && y is string")
    assertParseExpression("/a/$(b)1️⃣.c", [(.parsePathNeedsParentheses, "1️⃣")])
    assertParseExpression("/a/b1️⃣[0]", [(.parsePathNeedsParentheses, "1️⃣")])
    assertParseExpression("f(1,1️⃣,)", [(.parseExpectedExpression, "1️⃣")])
    assertParseExpression("f(1️⃣,)", [(.parseExpectedExpression, "1️⃣")])
    assertParseExpression("x is1️⃣", [(.parseExpectedType, "1️⃣")])
  }
}

extension ParserRecoveryTests {
  @Test("A missing '}' is reported at the block the indentation shows open, and parsing goes on")
  func unclosedBlockByIndentation() throws {
    // The service body is not indented: only the indented blocks take part.
    let markedFlat = """
      service cloud.firestore {
      match /databases/{database}/documents {
        1️⃣match /a/{x} {
          allow read;

        match /b/{y} {
          allow read;
        }
      }
      }
      """
    let flat = MarkedSource(markedFlat).text
    assertParse(markedFlat, [(.parseUnclosedBlock, "1️⃣")])
    let parsed = T.parse(flat)
    #expect(!parsed.hasUnreliableTree)
    guard case .match(let documents) = parsed.file.service?.items.first else {
      Issue.record("no match block")
      return
    }
    // `/b/{y}` is a sibling of `/a/{x}`, as indented.
    #expect(documents.matches.map(\.path.description) == ["/a/{x}", "/b/{y}"])
    #expect(
      parsed.diagnostics.first?.notes.first?.range
        == .at(flat.utf8.count - "\n\n  match /b/{y} {\n    allow read;\n  }\n}\n}".utf8.count))

    // A '}' further left than the block closes an outer block: the inner one is open.
    let dedentedBrace = """
      service cloud.firestore {
        match /a/{x} {
          1️⃣match /b/{y} {
            allow read;
        }
      }
      """
    assertParse(dedentedBrace, [(.parseUnclosedBlock, "1️⃣")])

    // The service's own '}' missing at the end: reported there, as before.
    let markedServiceOpen = """
      service cloud.firestore {
        match /a/{x} {
          allow read;
        }1️⃣
      """
    let serviceOpen = MarkedSource(markedServiceOpen).text
    assertParse(markedServiceOpen, [(.parseExpectedToken, "1️⃣")])
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
    assertParse(odd)
  }
}
