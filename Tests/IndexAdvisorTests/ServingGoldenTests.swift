import FlintTestSupport
import IndexAdvisor
import Testing

/// `Corpus/indexes/serving.txt`: whether a manifest serves a query, and what to add.
@Suite("Index serving goldens")
struct ServingGoldenTests {
  static let file = GoldenFile("Corpus/indexes/serving.txt")

  @Test("the corpus has cases")
  func corpusIsThere() {
    #expect(Self.file.cases.count >= 20)
  }

  @Test("serving", arguments: file.cases)
  func serving(_ golden: GoldenFile.Case) throws {
    let manifest = try AdvisorFixtures.manifest(try #require(golden.input.first))
    let query = try #require(AdvisorFixtures.normalized(golden.input.dropFirst().joined(separator: " ")))
    let serving = ServingCheck(manifest).serving(query)
    let actual = Self.lines(serving)
    Self.file.check(golden, actual: actual)
  }

  static func lines(_ serving: QueryServing) -> [String] {
    if serving.isServed {
      let used = serving.servedBy.map { entry in
        switch entry {
        case .index(let index): "\(index)"
        case .override(let override): "override \(override)"
        }
      }
      return ["served: " + (used.isEmpty ? "automatic" : used.joined(separator: " + "))]
    }
    return serving.missingIndexes.map { "missing: \($0)" } + serving.missingOverrides.map { "missing override: \($0)" }
  }
}
