import Testing

@testable import RulesLanguage

@Suite struct RulesServiceTests {
  @Test func knownServicesByName() {
    #expect(RulesService.named("cloud.firestore") == .firestore)
    #expect(RulesService.named("firebase.storage") == .storage)
    #expect(RulesService.named("cloud.storage") == nil)
    #expect(RulesService.firestore.rootText == "/databases/{database}/documents")
    #expect(RulesService.storage.rootText == "/b/{bucket}/o")
  }

  @Test func theRootMatchesAnyWildcardNameOrAValue() {
    let firestore = RulesService.firestore
    #expect(firestore.rootLength(of: [.literal("databases"), .wildcard("db"), .literal("documents")]) == 3)
    #expect(firestore.rootLength(of: [.literal("databases"), .literal("(default)"), .literal("documents")]) == 3)
    #expect(
      firestore.rootLength(
        of: [.literal("databases"), .literal("(default)"), .literal("documents")], wildcardsOnly: true) == nil)
    #expect(firestore.rootLength(of: [.literal("databases"), .wildcard("db")]) == nil)
    #expect(firestore.rootLength(of: [.literal("b"), .wildcard("bucket"), .literal("o")]) == nil)
    #expect(RulesService.storage.rootLength(of: [.literal("b"), .wildcard("bucket"), .literal("o")]) == 3)
  }

  /// A service Flint does not know is an error naming the ones it does; Storage is checked.
  @Test func anUnknownServiceIsReported() {
    let text = "service cloud.storage {}"
    let file = RulesParser.parse(SourceFile(name: "t.rules", text: text)).file
    let diagnostics = RulesChecker.check(file, source: SourceFile(name: "t.rules", text: text))
    #expect(
      diagnostics.map(\.message) == [
        "service 'cloud.storage' is not supported; Flint evaluates only 'service cloud.firestore', 'service firebase.storage'"
      ])
    let storage = "service firebase.storage {}"
    let parsed = RulesParser.parse(SourceFile(name: "s.rules", text: storage)).file
    #expect(RulesChecker.check(parsed, source: SourceFile(name: "s.rules", text: storage)).isEmpty)
  }
}
