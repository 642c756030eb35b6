import SwiftParser
import SwiftSyntax

/// Finds the Firestore queries of Swift files (one module: constants and helpers of any of the
/// files are visible in all of them), parsed with swift-syntax.
package enum SwiftQueryExtractor {
  package static func extract(_ files: [(name: String, text: String)]) -> SourceExtraction {
    var findings = SourceFindings()
    extract(files, into: &findings)
    findings.extraction.finish()
    return findings.extraction
  }

  static func extract(_ files: [(name: String, text: String)], into findings: inout SourceFindings) {
    let index = SwiftModuleIndex()
    let trees = files.map { (name: $0.name, text: $0.text, tree: Parser.parse(source: $0.text)) }
    for file in trees { index.walk(file.tree) }
    var collected: [SwiftBodyCollector] = []
    var referenced: Set<String> = []
    for file in trees {
      let bodies = SwiftBodyCollector()
      bodies.walk(file.tree)
      referenced.formUnion(bodies.referenced)
      collected.append(bodies)
    }
    for (file, bodies) in zip(trees, collected) {
      let evaluator = SwiftQueryEvaluator(index: index, file: file.name, text: file.text, findings: findings)
      for body in bodies.bodies {
        var env: SwiftQueryEvaluator.Env = [:]
        // A function the module never calls returns its query to code elsewhere: that query is
        // reported where it is returned.
        let returnsToElsewhere = body.function.map { !referenced.contains($0) } ?? false
        evaluator.parameters = body.parameters
        evaluator.currentType = body.type
        evaluator.walkBody(body.items, env: &env, reportingReturns: returnsToElsewhere)
        evaluator.parameters = []
      }
      for initializer in bodies.initializers {
        var env: SwiftQueryEvaluator.Env = [:]
        _ = evaluator.eval(initializer, env: &env)
      }
      findings = evaluator.findings
    }
  }
}
