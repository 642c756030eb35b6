import Foundation
import RulesLanguage
import Testing

@Suite struct SymbolIndexTests {
  static let text = """
    rules_version = '2';
    function check() { return true; }
    service cloud.firestore {
      match /databases/{database}/documents {
        function check() { return false; }
        function owns(uid) {
          let me = request.auth.uid;
          return me == uid && check();
        }
        match /users/{uid} {
          allow read: if owns(uid) && exists(/databases/$(database)/documents/x/$(uid));
        }
      }
    }
    """
  static let source = SourceFile(name: "t.rules", text: text)
  static let index = SymbolIndex(RulesParser.parse(source).file)

  /// The offset of the `nth` occurrence of `needle`, plus `delta`.
  private func offset(_ needle: String, _ nth: Int = 0, _ delta: Int = 1) -> Int {
    var from = Self.text.startIndex
    var found = Self.text.startIndex
    for _ in 0...nth {
      found = Self.text.range(of: needle, range: from..<Self.text.endIndex)!.lowerBound
      from = Self.text.index(after: found)
    }
    return Self.text.utf8.distance(from: Self.text.startIndex, to: found) + delta
  }

  private func declaration(at offset: Int) -> String? {
    guard let symbol = Self.index.symbol(at: offset) else { return nil }
    let declared = Self.index.symbols[symbol]
    return "\(declared.kind.rawValue) \(declared.name) line \(Self.source.location(of: declared.nameRange.start).line)"
  }

  @Test func anInnerFunctionShadowsTheTopLevelOne() {
    #expect(declaration(at: offset("check()", 2)) == "function check line 5")
  }

  @Test func localsComeBeforeWildcards() {
    // In `owns`, `uid` is the parameter; in the allow, the wildcard of /users/{uid}.
    #expect(declaration(at: offset("== uid", 0, 4)) == "parameter uid line 6")
    #expect(declaration(at: offset("owns(uid)", 1, 6)) == "wildcard uid line 10")
    #expect(declaration(at: offset("me ==")) == "let me line 7")
  }

  @Test func wildcardsOfOuterMatchesResolveInPaths() {
    #expect(declaration(at: offset("$(database)", 0, 3)) == "wildcard database line 4")
  }

  @Test func usesAreListedInOrderWithoutTheDeclaration() throws {
    let owns = try #require(Self.index.symbol(at: offset("owns(uid) {", 0, 1)))
    let uses = Self.index.uses(of: owns).map { Self.source.location(of: $0.start).line }
    #expect(uses == [11])
    let wildcard = try #require(Self.index.symbol(at: offset("{uid}", 0, 1)))
    #expect(Self.index.uses(of: wildcard).count == 2)
  }

  @Test func builtinsAndKeywordsAreNotSymbols() {
    #expect(Self.index.symbol(at: offset("exists(")) == nil)
    #expect(Self.index.symbol(at: offset("allow read")) == nil)
  }

  @Test func visibleNamesInsideAFunctionPutLocalsFirstAndHideShadowedOnes() {
    let names = Self.index.visibleSymbols(at: offset("me == uid", 0, 0)).map { Self.index.symbols[$0].name }
    #expect(Array(names.prefix(2)) == ["uid", "me"])
    #expect(names.filter { $0 == "check" }.count == 1)
    #expect(names.contains("database"))
  }

  @Test func aLetIsNotVisibleBeforeItsDeclaration() {
    let names = Self.index.visibleSymbols(at: offset("let me", 0, 0)).map { Self.index.symbols[$0].name }
    #expect(!names.contains("me"))
  }
}
