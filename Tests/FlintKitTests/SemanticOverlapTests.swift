import FlintKit
import FlintTestSupport
import Foundation
import RulesLanguage
import Testing

/// `security.overlapping-allow` with Z3: it fires on the case (a recursive match voiding a
/// message's validation, which the syntactic lint missed) with a confirmed example request, stays
/// silent when the broad condition implies the narrow one, and stays silent on every negative lint
/// golden of `Corpus/rules/lints`.
@Suite struct SemanticOverlapTests {
  static func overlapWarnings(_ text: String) -> [Diagnostic] {
    RulesCheck.analyze(bytes: Array(text.utf8), name: "t.rules").diagnostics.filter {
      $0.code.rawValue == "security.overlapping-allow"
    }
  }

  @Test func recursiveMatchVoidsMessageValidation() throws {
    let text = PackagePaths.text("Corpus/diff/recursive-overlap.new.rules")
    let warnings = Self.overlapWarnings(text)
    #expect(warnings.count >= 1)
    let update = try #require(warnings.first { $0.message.contains("update") })
    #expect(update.message.contains("'/rooms/{roomId}/{document=**}'"))
    #expect(
      update.notes.contains { $0.message.hasPrefix("for example this request") && $0.message.contains("\"method\"") })
  }

  /// The broad condition implies the narrow one (so the syntactic lint, which sees a weak broad
  /// allow, warns): the solver proves the narrow condition restricts nothing it grants, and is silent.
  static let implied = """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        match /{document=**} {
          allow read: if request.auth != null;
        }
        match /users/{userId} {
          allow read: if request.auth != null || userId == 'public';
        }
      }
    }
    """

  @Test func silentWhenTheBroadConditionImpliesTheNarrowOne() throws {
    try #require(SemanticOverlap.isAvailable)
    #expect(
      RulesLinter.check(SourceFile(name: "t.rules", text: Self.implied)).diagnostics.contains {
        $0.code.rawValue == "security.overlapping-allow"
      })
    #expect(Self.overlapWarnings(Self.implied).isEmpty)
  }

  /// Where the solver decides nothing (here: no time at all), the syntactic warnings stay.
  @Test(arguments: [implied, PackagePaths.text("Corpus/rules/lints/overlapping-allow.rules")])
  func syntacticWarningsStayWhenTheSolverDecidesNothing(text: String) throws {
    try #require(SemanticOverlap.isAvailable)
    let compiled = RulesLinter.check(SourceFile(name: "t.rules", text: text))
    let syntactic = compiled.diagnostics.filter { $0.code.rawValue == "security.overlapping-allow" }
    #expect(syntactic.count == 1)
    let checked = SemanticOverlap.apply(
      compiled.diagnostics, file: compiled.file, source: SourceFile(name: "t.rules", text: text), budgetMilliseconds: 0)
    #expect(
      checked.filter { $0.code.rawValue == "security.overlapping-allow" }.map(\.message) == syntactic.map(\.message))
  }

  @Test func theSyntacticCaseStillFires() {
    let warnings = Self.overlapWarnings(PackagePaths.text("Corpus/rules/lints/overlapping-allow.rules"))
    #expect(warnings.count == 1)
    #expect(warnings.first?.message.contains("'/{document=**}'") == true)
  }

  @Test func negativeLintGoldensStaySilent() throws {
    try #require(SemanticOverlap.isAvailable)
    let folder = PackagePaths.url("Corpus/rules/lints")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix("-ok.rules") }
    #expect(names.count > 10)
    for name in names {
      let text = PackagePaths.text("Corpus/rules/lints/\(name)")
      #expect(Self.overlapWarnings(text).isEmpty, "\(name)")
    }
  }
}
