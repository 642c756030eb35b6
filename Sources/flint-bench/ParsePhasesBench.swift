import Dispatch
import RulesLanguage

/// `rules-parse-check` split into its phases, to see where the time goes: building the
/// `SourceFile`, parsing, the semantic checks, and dropping the tree (each the best of
/// `repeats` runs, in milliseconds).
enum ParsePhasesBench {
  static func run(lines: Int = 20_000, repeats: Int = 3) -> BenchResult {
    let text = RulesParseBench.generate(lines: lines)
    var best = [Double](repeating: .infinity, count: 4)
    for _ in 0..<repeats {
      var marks: [UInt64] = [DispatchTime.now().uptimeNanoseconds]
      var source: SourceFile? = SourceFile(name: "bench.rules", text: text)
      marks.append(DispatchTime.now().uptimeNanoseconds)
      var parsed: ParsedRules? = RulesParser.parse(source!)
      marks.append(DispatchTime.now().uptimeNanoseconds)
      let checks = RulesChecker.check(parsed!.file, source: source!)
      marks.append(DispatchTime.now().uptimeNanoseconds)
      parsed = nil
      source = nil
      marks.append(DispatchTime.now().uptimeNanoseconds)
      // The checks' result stays alive until the drop is timed, so only the tree is dropped.
      withExtendedLifetime(checks) {}
      for phase in 0..<4 { best[phase] = min(best[phase], Double(marks[phase + 1] - marks[phase]) / 1e6) }
    }
    let names = ["source_ms", "parse_ms", "check_ms", "drop_ms"]
    return BenchResult(
      name: "rules-parse-phases", fields: zip(names, best).map { ($0, format($1, digits: 2)) })
  }
}
