import RulesLanguage

/// What `flint check` costs with the lints (`RulesLinter.check`: parse, checks, lints,
/// suppressions) against parse + checks alone (`RulesCompiler.compile`), on the generated file
/// of `RulesParseBench`. The goal: lints add at most 20%.
enum RulesLintBench {
  static func run(lines: Int = 20_000, repeats: Int = 3) -> BenchResult {
    let text = RulesParseBench.generate(lines: lines)
    let bytes = text.utf8.count
    var warnings = 0
    let compileSeconds = bestSeconds(repeats: repeats) {
      _ = RulesCompiler.compile(SourceFile(name: "bench.rules", text: text))
    }
    let checkSeconds = bestSeconds(repeats: repeats) {
      let checked = RulesLinter.check(SourceFile(name: "bench.rules", text: text))
      warnings = checked.diagnostics.filter { $0.severity == .warning }.count
    }
    return BenchResult(
      name: "rules-check-with-lints",
      fields: [
        ("bytes", "\(bytes)"), ("warnings", "\(warnings)"),
        ("compile_seconds", format(compileSeconds, digits: 4)), ("check_seconds", format(checkSeconds, digits: 4)),
        ("lint_overhead_percent", format((checkSeconds / compileSeconds - 1) * 100)),
      ])
  }
}
