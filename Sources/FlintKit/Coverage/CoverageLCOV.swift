import RulesEngine
import RulesLanguage

/// Coverage as an lcov tracefile (what genhtml, Codecov and Coveralls read), one record per
/// rules file: `FN`/`FNDA` per function (calls), `DA` per line (`CoverageLines`), and per
/// `allow` statement a `BRDA` block with branch 0 = granted and branch 1 = not granted
/// (`-` when the statement never ran; a condition-less allow has branch 0 only; an `if false`
/// allow, which can never grant, has none).
package enum CoverageLCOV {
  package static func render(_ coverage: SuiteCoverage) -> String {
    var out = ""
    for file in coverage.files { out += record(file) }
    return out
  }

  static func record(_ file: FileCoverage) -> String {
    let coverage = file.coverage
    let targets = coverage.targets
    func line(_ range: SourceRange) -> Int { file.source.location(of: range.start).line }
    var out = "TN:\nSF:\(file.path)\n"

    let names = targets.functions.map(\.name)
    var functionNames: [String] = []
    for function in targets.functions {
      let repeated = names.count { $0 == function.name } > 1
      functionNames.append(repeated ? "\(function.name)@\(line(function.nameRange))" : function.name)
    }
    for (function, name) in zip(targets.functions, functionNames) { out += "FN:\(line(function.nameRange)),\(name)\n" }
    for (calls, name) in zip(coverage.functionCalls, functionNames) { out += "FNDA:\(calls),\(name)\n" }
    out += "FNF:\(targets.functions.count)\nFNH:\(coverage.functionCalls.count { $0 > 0 })\n"

    var branches = 0
    var branchesHit = 0
    for (block, (allow, counts)) in zip(targets.allows, coverage.allowCounts).enumerated() where !allow.isNever {
      let taken = allow.conditionRange == nil ? [counts.granted] : [counts.granted, counts.notGranted]
      for (branch, count) in taken.enumerated() {
        out += "BRDA:\(line(allow.range)),\(block),\(branch),\(counts.evaluated == 0 ? "-" : String(count))\n"
        branches += 1
        if count > 0 { branchesHit += 1 }
      }
    }
    out += "BRF:\(branches)\nBRH:\(branchesHit)\n"

    let lines = CoverageLines.counts(file)
    for entry in lines { out += "DA:\(entry.line),\(entry.count)\n" }
    out += "LF:\(lines.count)\nLH:\(lines.count { $0.count > 0 })\nend_of_record\n"
    return out
  }
}
