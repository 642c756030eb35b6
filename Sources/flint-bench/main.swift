// flint-bench: Flint's speed goals, measured. One JSON line per benchmark on stdout.
// Run with `make bench` (release build). Figures go into README.md.
// Arguments select benchmarks: parse, eval, suite, query, proof (default: all).
let selected = Set(CommandLine.arguments.dropFirst())
func wanted(_ name: String) -> Bool { selected.isEmpty || selected.contains(name) }

if wanted("parse") { print(RulesParseBench.run().line()) }
if wanted("eval") { print(EvaluationBench.run().line()) }
if wanted("suite") { print(SuiteBench.run().line()) }
if wanted("query") { for result in QueryExecutionBench.run() { print(result.line()) } }
if wanted("proof") { print(ProofBench.run().line()) }
