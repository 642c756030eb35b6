/// `flint test --coverage text|json|lcov|html`.
package enum CoverageFormat: String, Sendable, CaseIterable {
  case text
  case json
  case lcov
  case html

  /// The report in this format.
  package func render(_ coverage: SuiteCoverage) -> String {
    switch self {
    case .text: CoverageAnnotator.render(coverage)
    case .json: CoverageJSON.render(coverage)
    case .lcov: CoverageLCOV.render(coverage)
    case .html: CoverageHTML.render(coverage)
    }
  }
}
