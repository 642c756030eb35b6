// flint-bench: Flint's speed goals, measured. One JSON line per benchmark on stdout.
// Run with `make bench` (release build). Figures go into Docs/speed.md.
//
// Usage: flint-bench [parse] [lint] [parse-phases] [eval] [hashing] [suite] [query] [explain] [proof] [indexes] [lsp]
//                    [source] [diff] [serve]
//                    [--lines N] [--iterations N] [--runs N] [--profile]
// `parse` also measures the lints' share of `flint check` (`lint` alone does only that).
// Default: every benchmark but parse-phases (which splits parse into source / parse / check /
// drop times). `--profile` runs each selected workload once (no best-of-three, no execution
// part of `query`), for `valgrind --tool=callgrind` or `perf record` on a smaller input.
let options = BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
func wanted(_ name: String) -> Bool { options.selected.isEmpty || options.selected.contains(name) }

if wanted("parse") { print(RulesParseBench.run(lines: options.lines ?? 20_000, repeats: options.repeats).line()) }
if wanted("parse") || options.selected.contains("lint") {
  print(RulesLintBench.run(lines: options.lines ?? 20_000, repeats: options.repeats).line())
}
if options.selected.contains("parse-phases") {
  print(ParsePhasesBench.run(lines: options.lines ?? 20_000, repeats: options.repeats).line())
}
if wanted("eval") { print(EvaluationBench.run(iterations: options.iterations ?? 1_000_000).line()) }
if wanted("hashing") { print(HashingBench.run(iterations: options.iterations ?? 200_000).line()) }
if wanted("suite") { print(SuiteBench.run().line()) }
if wanted("query") {
  if options.profile {
    print(QueryExecutionBench.validationRun(iterations: options.iterations ?? 100_000, repeats: options.repeats).line())
  } else {
    for result in QueryExecutionBench.run(validationIterations: options.iterations ?? 100_000) { print(result.line()) }
  }
}
if wanted("explain") { print(ExplainBench.run(repeats: options.repeats).line()) }
if wanted("proof") { print(ProofBench.run(iterations: options.iterations ?? 100_000).line()) }
if wanted("indexes") { for result in IndexBench.run() { print(result.line()) } }
if wanted("lsp") { print(LspBench.run(lines: options.lines ?? 2_000).line()) }
if wanted("source") {
  print(SourceExtractionBench.run(lines: options.lines ?? 200_000, repeats: options.repeats).line())
}
if wanted("diff") { for result in DiffBench.runAll() { print(result.line()) } }
if wanted("serve") { for result in ServeBench.run(calls: options.iterations ?? 300) { print(result.line()) } }
