import Foundation
import RulesLanguage

/// What `flint check` costs with the lints (`RulesLinter.check`: parse, then checks and lints
/// side by side, suppressions) against parse + checks alone (`RulesCompiler.compile`), on the
/// generated file of `RulesParseBench`. The goal: lints add at most 20%. Wall time is what a
/// user waits for; CPU time (both threads) is printed too, since the lints' work is not less.
enum RulesLintBench {
  static func run(lines: Int = 20_000, repeats: Int = 3) -> BenchResult {
    let text = RulesParseBench.generate(lines: lines)
    let bytes = text.utf8.count
    var warnings = 0
    let compile = best(repeats) { _ = RulesCompiler.compile(SourceFile(name: "bench.rules", text: text)) }
    let check = best(repeats) {
      let checked = RulesLinter.check(SourceFile(name: "bench.rules", text: text))
      warnings = checked.diagnostics.filter { $0.severity == .warning }.count
    }
    return BenchResult(
      name: "rules-check-with-lints",
      fields: [
        ("bytes", .int(bytes)), ("warnings", .int(warnings)),
        ("compile_seconds", format(compile.wall, digits: 4)), ("check_seconds", format(check.wall, digits: 4)),
        ("lint_overhead_percent", format((check.wall / compile.wall - 1) * 100)),
        ("compile_cpu_seconds", format(compile.cpu, digits: 4)), ("check_cpu_seconds", format(check.cpu, digits: 4)),
        ("lint_cpu_overhead_percent", format((check.cpu / compile.cpu - 1) * 100)),
      ])
  }

  /// The best wall time of `repeats` runs, and the process CPU time (all threads) of that run.
  private static func best(_ repeats: Int, _ body: () -> Void) -> (wall: Double, cpu: Double) {
    var result = (wall: Double.infinity, cpu: Double.infinity)
    for _ in 0..<repeats {
      let cpuStart = cpuSeconds()
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      if wall < result.wall { result = (wall, cpuSeconds() - cpuStart) }
    }
    return result
  }

  private static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
  }
}
