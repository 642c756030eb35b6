import FirestoreModel
import RulesEngine
import RulesLanguage

/// Coverage as one line of JSON: `{"files": [{"file", "summary", "allows": [...], "matches":
/// [...], "functions": [...], "expressions": [...]}], "summary": {...}}`. Places are 1-based
/// `line`/`column` (columns in characters); expressions carry their source `text` and their
/// `true`/`false`/`error`/`value` counts.
package enum CoverageJSON {
  package static func render(_ coverage: SuiteCoverage) -> String {
    JSONValue.object([
      ("files", .array(coverage.files.map(file))),
      ("summary", summary(coverage.total)),
    ]).text(.spaced) + "\n"
  }

  static func summary(_ summary: CoverageSummary) -> JSONValue {
    .object([
      ("allows", .int(summary.allows)), ("allowsCovered", .int(summary.allowsCovered)),
      ("allowsNever", .int(summary.allowsNever)),
      ("allowPercent", .double((summary.allowPercent * 10).rounded(.down) / 10)),
      ("conditions", .int(summary.conditions)), ("conditionsCovered", .int(summary.conditionsCovered)),
      ("expressions", .int(summary.expressions)), ("expressionsEvaluated", .int(summary.expressionsEvaluated)),
      ("matches", .int(summary.matches)), ("matchesReached", .int(summary.matchesReached)),
      ("functions", .int(summary.functions)), ("functionsCalled", .int(summary.functionsCalled)),
    ])
  }

  package static func file(_ file: FileCoverage) -> JSONValue {
    let coverage = file.coverage
    let targets = coverage.targets
    func place(_ range: SourceRange) -> [(String, JSONValue)] {
      let location = file.source.location(of: range.start)
      return [("line", .int(location.line)), ("column", .int(location.column))]
    }
    let allows = zip(targets.allows, coverage.allowCounts).map { allow, counts in
      JSONValue.object(
        place(allow.range) + [
          ("methods", .array(allow.methods.map { .string($0.rawValue) })),
          ("conditional", .bool(allow.conditionRange != nil)),
          ("granted", .int(counts.granted)), ("denied", .int(counts.denied)), ("errors", .int(counts.errors)),
          ("proved", .int(counts.proved)),
          ("covered", .bool(!allow.isNever && CoverageSummary.covers(counts, allow))),
          ("coverable", .bool(!allow.isNever)),
        ])
    }
    let matches = zip(targets.matches, coverage.matchHits).map { block, hits in
      JSONValue.object(place(block.range) + [("pattern", .string(block.pattern)), ("reached", .int(hits))])
    }
    let functions = zip(targets.functions, coverage.functionCalls).map { function, calls in
      JSONValue.object(place(function.nameRange) + [("name", .string(function.name)), ("calls", .int(calls))])
    }
    let expressions = zip(targets.expressions, coverage.expressionCounts).map { expression, counts in
      JSONValue.object(
        place(expression.range) + [
          ("text", .string(CoverageAnnotator.sourceText(expression.range, in: file.source))),
          ("condition", .bool(expression.isCondition)),
          ("true", .int(counts.trueCount)), ("false", .int(counts.falseCount)),
          ("error", .int(counts.errorCount)), ("value", .int(counts.valueCount)),
        ])
    }
    return .object([
      ("file", .string(file.path)), ("summary", summary(file.summary)),
      ("allows", .array(allows)), ("matches", .array(matches)),
      ("functions", .array(functions)), ("expressions", .array(expressions)),
    ])
  }
}
