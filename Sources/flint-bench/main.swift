// flint-bench: Flint's speed goals, measured. One JSON line per benchmark on stdout.
// Run with `make bench` (release build). Figures go into README.md.
let selected = Set(CommandLine.arguments.dropFirst())
func wanted(_ name: String) -> Bool { selected.isEmpty || selected.contains(name) }

if wanted("parse") { print(RulesParseBench.run().line()) }
if wanted("eval") { print(EvaluationBench.run().line()) }
if wanted("query") { for result in QueryExecutionBench.run() { print(result.line()) } }
