import Testing

@testable import RulesLanguage

@Suite struct RulesServiceTests {
  @Test func knownServicesByName() {
    #expect(RulesService.named("cloud.firestore") == .firestore)
    #expect(RulesService.named("firebase.storage") == .storage)
    #expect(RulesService.named("cloud.storage") == nil)
    #expect(RulesService.firestore.rootText == "/databases/{database}/documents")
    #expect(RulesService.storage.rootText == "/b/{bucket}/o")
    #expect(RulesService.firestore.isChecked && !RulesService.storage.isChecked)
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

  /// A service Flint does not check is an error naming the ones it does.
  @Test func anUncheckedServiceIsReported() {
    let file = RulesParser.parse(SourceFile(name: "t.rules", text: "service firebase.storage {}")).file
    let diagnostics = RulesChecker.check(file, source: SourceFile(name: "t.rules", text: "service firebase.storage {}"))
    #expect(
      diagnostics.map(\.message) == [
        "service 'firebase.storage' is not supported; Flint evaluates only 'service cloud.firestore'"
      ])
  }
}
