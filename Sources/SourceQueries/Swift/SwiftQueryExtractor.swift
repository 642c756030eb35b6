import SwiftOperators
import SwiftParser
import SwiftSyntax

/// Finds the Firestore queries of Swift files (one module: constants and helpers of any of the
/// files are visible in all of them), parsed with swift-syntax and folded with SwiftOperators.
package enum SwiftQueryExtractor {
  /// Work units allowed per byte of the module's source, for helpers and properties inlined at
  /// their call sites (a token's own evaluation costs one or two; a token is several bytes).
  static let workPerByte = 8

  package static func extract(_ files: [(name: String, text: String)]) -> SourceExtraction {
    var findings = SourceFindings()
    extract(files, into: &findings)
    findings.extraction.finish()
    return findings.extraction
  }

  static func extract(_ files: [(name: String, text: String)], into findings: inout SourceFindings) {
    _ = evaluate(files, maximumNestingLevel: nil, into: &findings)
  }

  /// The work the evaluator did on `files`, and their number of tokens (the linear-time tests
  /// compare the two). `maximumNestingLevel` is the parser's (a debug build's default is 20).
  package static func work(
    _ files: [(name: String, text: String)], maximumNestingLevel: Int? = nil
  ) -> (work: Int, tokens: Int) {
    var findings = SourceFindings()
    let trees = parse(files, maximumNestingLevel: maximumNestingLevel)
    let tokens = trees.reduce(0) { $0 + $1.tree.tokens(viewMode: .sourceAccurate).reduce(0) { count, _ in count + 1 } }
    return (evaluate(trees, into: &findings), tokens)
  }

  private static func parse(
    _ files: [(name: String, text: String)], maximumNestingLevel: Int?
  ) -> [(name: String, text: String, tree: SourceFileSyntax)] {
    files.map { file in
      var parser = Parser(file.text, maximumNestingLevel: maximumNestingLevel)
      let parsed = SourceFileSyntax.parse(from: &parser)
      // `a = b`, `c ? x : y`, `"a/" + b` as trees; an operator the table does not know stays a sequence.
      let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }.as(SourceFileSyntax.self) ?? parsed
      return (file.name, file.text, folded)
    }
  }

  private static func evaluate(
    _ files: [(name: String, text: String)], maximumNestingLevel: Int?, into findings: inout SourceFindings
  ) -> Int {
    evaluate(parse(files, maximumNestingLevel: maximumNestingLevel), into: &findings)
  }

  /// Evaluates every body of the module; returns the work done.
  private static func evaluate(
    _ trees: [(name: String, text: String, tree: SourceFileSyntax)], into findings: inout SourceFindings
  ) -> Int {
    let index = SwiftModuleIndex()
    var bytes = 0
    for file in trees {
      index.walk(file.tree)
      bytes += file.text.utf8.count
    }
    index.finish()
    var collected: [SwiftBodyCollector] = []
    var referenced: Set<String> = []
    for file in trees {
      let bodies = SwiftBodyCollector()
      bodies.walk(file.tree)
      referenced.formUnion(bodies.referenced)
      collected.append(bodies)
    }
    let evaluator = SwiftQueryEvaluator(index: index, budget: workPerByte * bytes + 10_000, findings: findings)
    for (file, bodies) in zip(trees, collected) {
      evaluator.begin(file: file.name, text: file.text)
      for body in bodies.bodies {
        var env: SwiftQueryEvaluator.Env = [:]
        var context = SwiftEvaluationContext(currentType: body.type)
        for parameter in body.parameters {
          context.parameters.insert(parameter.name)
          env[parameter.name] = SwiftQueryEvaluator.parameterValue(parameter.name, type: parameter.type)
        }
        // A function the module never calls returns its query to code elsewhere: that query is
        // reported where it is returned.
        context.reportingReturns = body.function.map { !referenced.contains($0) } ?? false
        evaluator.walkBody(body.items, context, env: &env)
      }
      for initializer in bodies.initializers {
        var env: SwiftQueryEvaluator.Env = [:]
        _ = evaluator.eval(initializer.value, SwiftEvaluationContext(currentType: initializer.type), env: &env)
      }
    }
    evaluator.reportUnseenQueryProperties(in: trees)
    findings = evaluator.findings
    return evaluator.work
  }
}
