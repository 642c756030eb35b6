/// The command line of `flint-bench`: which benchmarks to run and how big to make them.
struct BenchOptions {
  /// Benchmark names (`parse`, `eval`, `suite`, `query`, `proof`); empty means all.
  var selected: Set<String> = []
  /// Lines of generated rules for `parse` (default 20,000).
  var lines: Int?
  /// Iterations for `eval` and `query` validation (defaults 1,000,000 and 100,000).
  var iterations: Int?
  /// One run per workload, for profilers.
  var profile = false
  /// Timed runs per measurement (`--runs N`; default 3, or 1 with `--profile`).
  var runs: Int?

  /// Timed runs per measurement; the best one is reported.
  var repeats: Int { max(1, runs ?? (profile ? 1 : 3)) }

  init(arguments: [String]) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--lines": lines = rest.popFirst().flatMap { Int($0) }
      case "--iterations": iterations = rest.popFirst().flatMap { Int($0) }
      case "--profile": profile = true
      case "--runs": runs = rest.popFirst().flatMap { Int($0) }
      default: selected.insert(argument)
      }
    }
  }
}
