import RulesEngine
import RulesLanguage

/// Line counts of a rules file: for every line where a sub-expression, `allow`, `match` block
/// or function starts, the most times any of them ran (an allow counts its evaluations, a
/// block the requests it matched, a function its calls). The `DA` lines of lcov, and the
/// gutter of the text report.
enum CoverageLines {
  static func counts(_ file: FileCoverage) -> [(line: Int, count: Int)] {
    let coverage = file.coverage
    let targets = coverage.targets
    var lines: [Int: Int] = [:]
    func add(_ range: SourceRange, _ count: Int) {
      let line = file.source.location(of: range.start).line
      lines[line] = max(lines[line] ?? 0, count)
    }
    for (block, hits) in zip(targets.matches, coverage.matchHits) { add(block.range, hits) }
    for (allow, counts) in zip(targets.allows, coverage.allowCounts) { add(allow.range, counts.evaluated) }
    for (function, calls) in zip(targets.functions, coverage.functionCalls) { add(function.nameRange, calls) }
    for (expression, counts) in zip(targets.expressions, coverage.expressionCounts) {
      add(expression.range, counts.evaluated)
    }
    return lines.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }
}
