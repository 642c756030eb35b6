import RulesEngine
import RulesLanguage

/// One note under a source line of the text report: a span (clamped to its first line) and a message.
struct CoverageMark {
  var column: Int
  var width: Int
  var message: String
}

/// What the text report marks, by line (see `CoverageAnnotator`).
enum CoverageMarks {
  static func marks(_ file: FileCoverage) -> [Int: [CoverageMark]] {
    let coverage = file.coverage
    let targets = coverage.targets
    let source = file.source
    var marks: [Int: [CoverageMark]] = [:]
    func mark(_ range: SourceRange, width: Int? = nil, _ message: String) {
      let start = source.location(of: range.start)
      let lineEnd = start.line < source.lineStarts.count ? source.lineStarts[start.line] - 1 : source.bytes.count
      let end = source.location(of: min(range.end, lineEnd))
      let span = width ?? max(1, end.column - start.column)
      marks[start.line, default: []].append(CoverageMark(column: start.column, width: span, message: message))
    }

    // Spans already explained by an enclosing mark (a block never reached, a function never
    // called, an expression never evaluated): nothing inside them is marked again.
    var silent: [SourceRange] = []
    func isSilent(_ range: SourceRange) -> Bool {
      silent.contains { $0.start <= range.start && range.end <= $0.end }
    }

    for (block, hits) in zip(targets.matches, coverage.matchHits) where hits == 0 {
      mark(block.range, "match block never reached")
    }
    for (function, calls) in zip(targets.functions, coverage.functionCalls) where calls == 0 {
      mark(function.nameRange, "function never called")
      silent.append(function.range)
    }
    for (allow, counts) in zip(targets.allows, coverage.allowCounts) {
      mark(allow.range, width: 5, allowMessage(counts, allow))
      guard let condition = allow.conditionRange else { continue }
      if counts.evaluated == 0 { silent.append(condition) }
      if counts.proved > 0 {
        let traced = zip(targets.expressions, coverage.expressionCounts).contains {
          $0.range == condition && $1.evaluated > 0
        }
        if !traced {
          mark(condition, "decided by query proofs (\(counts.proved)), not traced")
          silent.append(condition)
        }
      }
    }
    // Conditions missing an outcome: only the innermost of nested ones missing the same
    // outcome is marked (in `a && b` never true because `a` never is, `a` is the one to see).
    var partial: [(range: SourceRange, missing: String, message: String)] = []
    for (expression, counts) in zip(targets.expressions, coverage.expressionCounts) {
      if isSilent(expression.range) { continue }
      if counts.evaluated == 0 {
        mark(expression.range, "never evaluated")
        silent.append(expression.range)
      } else if expression.isCondition, let message = conditionMessage(counts) {
        partial.append((expression.range, String(message.prefix { $0 != "(" }), message))
      }
    }
    for outer in partial {
      let explainedInside = partial.contains { inner in
        inner.range != outer.range && inner.missing == outer.missing && outer.range.start <= inner.range.start
          && inner.range.end <= outer.range.end
      }
      if !explainedInside { mark(outer.range, outer.message) }
    }
    return marks.mapValues { $0.sorted { $0.column < $1.column } }
  }

  /// `allow: 3 granted, 1 denied, 1 error`, ending `never granted`/`never denied` when not covered.
  static func allowMessage(_ counts: AllowCounts, _ allow: CoverageTargets.Allow) -> String {
    if allow.isNever {
      let evaluated = counts.evaluated == 0 ? "never evaluated" : "\(counts.evaluated) evaluated"
      return "allow: if false (\(evaluated)): never grants, not counted"
    }
    if counts.evaluated == 0 { return "allow: never evaluated" }
    var parts = ["\(counts.granted) granted"]
    if counts.denied > 0 { parts.append("\(counts.denied) denied") }
    if counts.errors > 0 { parts.append(counts.errors == 1 ? "1 error" : "\(counts.errors) errors") }
    if counts.granted == 0 { parts.append("never granted") }
    if counts.notGranted == 0 && allow.conditionRange != nil { parts.append("never denied") }
    return "allow: " + parts.joined(separator: ", ")
  }

  /// `never false (3 true, 1 error)` for a condition that ran without both outcomes; nil when it had both.
  static func conditionMessage(_ counts: OutcomeCounts) -> String? {
    if counts.trueCount > 0 && counts.falseCount > 0 { return nil }
    var seen: [String] = []
    if counts.trueCount > 0 { seen.append("\(counts.trueCount) true") }
    if counts.falseCount > 0 { seen.append("\(counts.falseCount) false") }
    if counts.errorCount > 0 { seen.append(counts.errorCount == 1 ? "1 error" : "\(counts.errorCount) errors") }
    if counts.valueCount > 0 { seen.append("\(counts.valueCount) not a bool") }
    let missing =
      counts.trueCount == 0 && counts.falseCount == 0
      ? "never true or false" : counts.trueCount == 0 ? "never true" : "never false"
    return "\(missing) (\(seen.joined(separator: ", ")))"
  }
}
