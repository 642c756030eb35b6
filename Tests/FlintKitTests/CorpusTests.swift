import FlintKit
import FlintTestSupport
import Foundation
import Testing

/// Runs every suite in `Corpus/suites`. Their expected verdicts come from the spec, so a
/// failing case is an engine bug (or a spec misreading in the suite), never a reason to
/// change the expectation to match the engine.
@Suite struct CorpusTests {
  static let folder = PackagePaths.url("Corpus/suites").path

  static let suites: [String] = (try? SuiteFiles.expand([folder]))?.map { ($0 as NSString).lastPathComponent } ?? []

  @Test func corpusIsThere() {
    #expect(Self.suites.count >= 10, "\(Self.suites)")
  }

  @Test(arguments: suites)
  func everyCasePasses(_ name: String) throws {
    var loader = SuiteLoader()
    let suite: RuleSuite
    do {
      suite = try loader.load(file: Self.folder + "/" + name)
    } catch {
      Issue.record("\(name) does not load: \(error.description)")
      return
    }
    let result = SuiteRunner().run(suite)
    #expect(!result.cases.isEmpty)
    for failure in result.cases where !failure.passed {
      Issue.record(Comment(rawValue: SuiteReport.block(failure, in: result)))
    }
  }
}
