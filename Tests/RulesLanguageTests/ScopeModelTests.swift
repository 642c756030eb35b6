import Testing

@testable import RulesLanguage

/// The one scope model every layer resolves names through (the checks, lints, engine, query
/// prover and solver; `ScopeAgreementTests` pins the engine and the solver to it).
@Suite struct ScopeModelTests {
  static let text = """
    function top() { return 1; }
    service cloud.firestore {
      function level() { return 'service'; }
      match /databases/{database}/documents {
        match /a/{x} {
          function level() { return 'a'; }
          function level() { return 'duplicate'; }
          allow get: if level() == 'a';
          match /b/{x} {
            allow get: if x == 'two';
          }
          allow list: if true;
        }
        match /c/{c} { allow get: if level() == 'service'; }
      }
    }
    """

  static let scopes = ScopeModel(RulesParser.parse(SourceFile(name: "t.rules", text: text)).file)

  private func block(_ pattern: String) throws -> ScopeModel.Block {
    try #require(Self.scopes.matchBlocks.first { $0.pattern.map { "/" + $0.description }.joined() == pattern })
  }

  @Test func blocksAreNumberedInSourceOrder() {
    let patterns = Self.scopes.matchBlocks.map { $0.pattern.map { "/" + $0.description }.joined() }
    #expect(Self.scopes.firstMatch == 2)
    #expect(Self.scopes.serviceBlock == 1)
    #expect(
      patterns == [
        "/databases/{database}/documents", "/databases/{database}/documents/a/{x}",
        "/databases/{database}/documents/a/{x}/b/{x}", "/databases/{database}/documents/c/{c}",
      ])
    #expect(Self.scopes.matchBlocks.map(\.index) == [2, 3, 4, 5])
  }

  @Test func aCallResolvesToTheInnermostFirstDeclaration() throws {
    let scopes = Self.scopes
    let inner = try block("/databases/{database}/documents/a/{x}/b/{x}")
    let a = try #require(scopes.resolveFunction("level", from: inner.index))
    #expect(scopes.functions[a].block == inner.parent)
    #expect(scopes.isFirstDeclaration(a))
    #expect(!scopes.isFirstDeclaration(a + 1))
    let c = try #require(
      scopes.resolveFunction("level", from: try block("/databases/{database}/documents/c/{c}").index))
    #expect(scopes.functions[c].block == scopes.serviceBlock)
    #expect(scopes.resolveFunction("top", from: inner.index) == 0)
    #expect(scopes.resolveFunction("missing", from: inner.index) == nil)
    // Only uniquely named functions are callable from nowhere in particular.
    #expect(scopes.resolveFunction("top", from: scopes.anywhere) == 0)
    #expect(scopes.resolveFunction("level", from: scopes.anywhere) == nil)
  }

  @Test func aWildcardNameBoundTwiceReadsTheInnermost() throws {
    let scopes = Self.scopes
    let outer = try block("/databases/{database}/documents/a/{x}")
    let inner = try block("/databases/{database}/documents/a/{x}/b/{x}")
    #expect(inner.wildcards == ["database", "x", "x"])
    #expect(scopes.visibleWildcards(outer.index) == 2)
    #expect(scopes.visibleWildcards(inner.index) == 3)
    let resolved = try #require(scopes.resolveVariable("x", from: inner.index))
    #expect(resolved.block == inner.index && resolved.index == 0)
    #expect(scopes.resolveVariable("x", from: outer.index)?.block == outer.index)
    #expect(scopes.bindsVariable("database", from: inner.index))
    #expect(!scopes.bindsVariable("c", from: inner.index))
  }

  @Test func allowsKeepSourceOrderAcrossNestedMatches() throws {
    let methods = Self.scopes.allows.map { $0.statement.methods.map(\.method.rawValue).joined() }
    #expect(methods == ["get", "get", "list", "get"])
    #expect(try block("/databases/{database}/documents/a/{x}").allows.count == 2)
  }
}
