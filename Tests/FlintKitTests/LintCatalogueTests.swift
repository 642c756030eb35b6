import FlintKit
import FlintTestSupport
import Foundation
import RulesLanguage
import Testing

/// Docs/lints.md is the lints' own descriptions: the page equals what `LintCatalogue` writes from
/// `RulesLinter.rules` (a new or reworded lint fails here until `UPDATE_GOLDENS=1` rewrites the
/// page), and SARIF's `helpUri` of every lint lands on its heading there.
@Suite("Lint catalogue")
struct LintCatalogueTests {
  @Test("Docs/lints.md is generated from the lints' descriptions")
  func pageMatchesTheLints() {
    Golden.expect(LintCatalogue.markdown(), matches: LintCatalogue.path)
  }

  /// GitHub's anchor for a heading: lower case, spaces to `-`, punctuation other than `-` and `_` dropped.
  static func slug(_ heading: String) -> String {
    String(
      heading.lowercased().map { $0 == " " ? "-" : $0 }
        .filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
  }

  @Test("every lint has one heading on the page, and its helpUri is that heading's anchor")
  func everyLintHasAnAnchor() {
    let page = LintCatalogue.markdown()
    let anchors = page.split(separator: "\n").filter { $0.hasPrefix("#") }
      .map { Self.slug(String($0.drop { $0 == "#" }.dropFirst())) }
    #expect(RulesLinter.rules.count >= 20)
    for rule in RulesLinter.rules {
      let anchor = LintCatalogue.anchor(rule.code)
      #expect(anchors.count { $0 == anchor } == 1, "\(rule.code): no single heading with the anchor \(anchor)")
      #expect(
        LintCatalogue.helpURI(rule.code) == "https://github.com/flint-rules/flint/blob/main/Docs/lints.md#\(anchor)")
      #expect(page.contains("**Fix:** "), "\(rule.code)")
    }
    #expect(
      LintCatalogue.helpURI(.checkUndefinedVariable)
        == "https://github.com/flint-rules/flint/blob/main/Docs/commands/check.md")
  }

  @Test("each triggering example shows the warning flint check prints for it")
  func examplesShowTheirWarnings() {
    let page = LintCatalogue.markdown()
    for rule in RulesLinter.rules {
      for example in rule.triggering {
        let findings = LintCatalogue.findings(rule, example)
        #expect(!findings.isEmpty, "\(rule.code): \(example)")
        for finding in findings { #expect(page.contains(finding)) }
      }
    }
  }
}
