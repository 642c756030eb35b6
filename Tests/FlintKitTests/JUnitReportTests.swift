import FlintKit
import FlintTestSupport
import Foundation
import RulesEngine
import RulesLanguage
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `flint test --format junit`: the golden, and the XML as CI reporters read it.
@Suite struct JUnitReportTests {
  static let goldenPath = "Corpus/reports/junit.xml"

  /// The report of `Corpus/reports/{failing,broken}.yaml`, with every time zero.
  static func report() -> String {
    var runs: [SuiteRun] = []
    for file in ["Corpus/reports/failing.yaml", "Corpus/reports/broken.yaml"] {
      do {
        runs.append(.ran(SuiteRunner(explainsPassingCases: false).run(try PackageFiles.load(file)), seconds: 0))
      } catch {
        runs.append(.unloadable(file: file, error: error))
      }
    }
    return JUnitReport.render(runs)
  }

  @Test func matchesTheGolden() throws {
    Golden.expect(Self.report(), matches: Self.goldenPath)
  }

  @Test func parsesWithTheElementsReportersRead() throws {
    let document = try XMLDocument(xmlString: Self.report(), options: [])
    let root = try #require(document.rootElement())
    #expect(root.name == "testsuites")
    #expect(root.attribute(forName: "tests")?.stringValue == "4")
    #expect(root.attribute(forName: "failures")?.stringValue == "2")
    #expect(root.attribute(forName: "errors")?.stringValue == "1")
    let suites = root.elements(forName: "testsuite")
    #expect(
      suites.map { $0.attribute(forName: "name")?.stringValue } == [
        "Corpus/reports/failing.yaml", "Corpus/reports/broken.yaml",
      ])
    for suite in suites {
      for name in ["name", "tests", "failures", "errors", "time"] {
        #expect(suite.attribute(forName: name) != nil, "testsuite without \(name)")
      }
      let cases = suite.elements(forName: "testcase")
      #expect(String(cases.count) == suite.attribute(forName: "tests")?.stringValue)
      let failures = cases.flatMap { $0.elements(forName: "failure") }
      #expect(String(failures.count) == suite.attribute(forName: "failures")?.stringValue)
      for testCase in cases {
        #expect(testCase.attribute(forName: "classname")?.stringValue == suite.attribute(forName: "name")?.stringValue)
        #expect(testCase.attribute(forName: "name") != nil)
      }
    }
    let failing = suites[0].elements(forName: "testcase")
    // The escaped name comes back as written, the bell as visible text.
    #expect(failing[1].attribute(forName: "name")?.stringValue == "signed out <is> denied & \"quoted\" \\u{7}")
    let failure = try #require(failing[1].elements(forName: "failure").first)
    #expect(failure.attribute(forName: "message")?.stringValue == "expected allow, got deny")
    // The body is the explanation `flint test` prints, caret lines included.
    #expect(failure.stringValue?.contains("FAIL signed out <is> denied") == true)
    #expect(failure.stringValue?.contains("^~~~~~~~~~ false") == true)
    let error = try #require(suites[1].elements(forName: "testcase").first?.elements(forName: "error").first)
    #expect(error.attribute(forName: "message")?.stringValue?.contains("$.cases[0].request.method") == true)
  }

  @Test func everyCharacterKeepsTheDocumentWellFormed() throws {
    var text = ""
    for value in 0..<0x80 { text.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
    text += "\u{85}\u{202E}\u{2066}\u{2028}\u{FEFF}\u{FFFE}\u{FFFF}\u{1F600}"
    let suite = SuiteResult(
      file: text, source: .init(name: "r", text: ""),
      cases: [
        CaseResult(
          name: text, expect: .allow,
          outcome: .batch(.init(allowed: false, decisions: [], lookupCount: 0, limitBreach: text)))
      ])
    let xml = JUnitReport.render([.ran(suite, seconds: 0.0125), .unloadable(file: text, error: .unreadable(text))])
    let document = try XMLDocument(xmlString: xml, options: [])
    let testCase = try #require(
      document.rootElement()?.elements(forName: "testsuite").first?.elements(forName: "testcase").first)
    let name = try #require(testCase.attribute(forName: "name")?.stringValue)
    // Tab, newline and everything printable survive; other controls are spelled out.
    #expect(name.contains("\t\n"))
    #expect(name.contains("\\u{0}") && name.contains("\\u{1B}") && name.contains("\\u{FFFE}"))
    #expect(name.contains(" !\"#$%&'()*+,-./0123456789:;<=>?@"))
    #expect(name.hasSuffix("\\u{FFFF}\u{1F600}"))
    // The characters that must not act on a reader's screen (DEL, C1, bidi, separators, BOM) are
    // spelled out too, as on a terminal and in JSON: a CI page shows the name as it is stored.
    for hidden in ["\\u{7F}", "\\u{85}", "\\u{202E}", "\\u{2066}", "\\u{2028}", "\\u{FEFF}"] {
      #expect(name.contains(hidden), "\(hidden)")
    }
    #expect(!name.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x7F || $0.value == 0xFEFF })
    #expect(xml.contains("time=\"0.013\""))
  }
}
