import FlintTestSupport
import IndexAdvisor
import Testing

/// `Corpus/indexes/requirements.txt`: the kind of index each query needs and what to create.
@Suite("Index requirement goldens")
struct RequirementGoldenTests {
  static let file = GoldenFile("Corpus/indexes/requirements.txt")

  @Test("the corpus has a case per rule")
  func corpusIsThere() {
    #expect(Self.file.cases.count >= 40)
  }

  @Test("requirement", arguments: file.cases)
  func requirement(_ golden: GoldenFile.Case) throws {
    let query = try #require(AdvisorFixtures.normalized(golden.input.joined(separator: " ")))
    let requirement = RequirementAnalyzer.requirement(for: query)
    var actual = ["kind: \(requirement.kind.rawValue)"]
    actual += requirement.indexes.map { "index: \($0)" }
    actual += requirement.fieldOverrides.map { "override: \($0)" }
    Self.file.check(golden, actual: actual)
  }
}
