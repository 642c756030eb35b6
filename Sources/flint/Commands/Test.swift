import ArgumentParser
import FlintKit

extension FlintCommand {
  /// `flint test`: run rule-test suites (JSON or YAML) and explain the failures.
  struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Run rule-test suites against their rules.",
      discussion: """
        Each SUITE is a JSON or YAML file naming a rules file, seed data and cases \
        ({"rules", "data", "time", "cases": [{"name", "request" | "batch", "expect"}]}; \
        'flint help suites' lists every field); a folder runs the *.json, *.yaml and *.yml files \
        in it that are suites (a top-level "cases" key), and no SUITE runs those of the current \
        folder. A case that cannot be read is reported with all its problems and the others run \
        (exit 2). expect is allow, deny, not-found (an update of a missing document) or \
        already-exists (a create of a stored one). Text output explains each failing case \
        briefly, down to the failing sub-expression and the values it saw (--explain full: the \
        whole evaluated tree), and ends with "N passed, M failed". --format junit writes JUnit XML \
        for CI test reporters. --coverage reports, per rules file, how often each allow granted and \
        denied, each sub-expression was true, false or an error, which match blocks were never \
        reached and which functions never called (text: the annotated source; lcov for \
        genhtml/Codecov; json; html: one self-contained page, the source coloured by outcome); without --coverage-out it follows the text report on stdout. \
        Exit status: 0 every case passed, 1 some case failed (or coverage is below \
        --min-coverage), 2 invalid suite, data or rules (or usage problem). --watch (Linux) keeps \
        running and re-runs the suites whose suite, rules or data files change, printing the cases \
        whose outcome changed and the summary.
        """
    )

    @Option(name: .long, help: "Output format: text, json or junit (JUnit XML).")
    var format: TestFormat = .text

    @Option(
      name: .long,
      help: "Failure explanations: short (the failing sub-expression and its values) or full (the whole trace).")
    var explain: ExplainLevel = .short

    @Option(name: .long, help: "Report rule coverage: text (the default when no format follows), json, lcov or html.")
    var coverage: CoverageFormat?

    @Option(
      name: .customLong("coverage-out"), help: "Write the coverage report to this file (atomically) instead of stdout.")
    var coverageOut: String?

    @Option(
      name: .customLong("min-coverage"),
      help: "Exit 1 when fewer than this percentage of allow statements were both granted and denied.")
    var minCoverage: Double?

    @Flag(
      name: .long,
      help: "Keep running: re-run the suites whose suite, rules or data files change and print what changed (Linux).")
    var watch = false

    @Option(
      name: .long,
      help:
        "The database of suites that name none (their \"database\" key wins): request paths and lookups are /databases/<id>/documents/...."
    )
    var database: String?

    @Argument(help: "Suite files or folders of suites (default: the suites in the current folder).")
    var suites: [String] = []

    func validate() throws {
      if let minCoverage, !(0...100).contains(minCoverage) {
        throw ValidationError("--min-coverage must be a percentage from 0 to 100")
      }
      if watch && (format != .text || coverage != nil || minCoverage != nil) {
        throw ValidationError(
          "--watch prints the text report; it cannot be combined with --format, --coverage or --min-coverage")
      }
      if coverageOut != nil && coverage == nil { throw ValidationError("--coverage-out needs --coverage") }
      if coverage != nil && coverageOut == nil && format != .text {
        throw ValidationError(
          "--coverage with --format \(format.rawValue) needs --coverage-out (stdout holds the test report)")
      }
    }

    func run() throws {
      let files: [String]
      do {
        // No argument: the suites in the current folder (`flint init` writes firestore.rules.test.yaml there).
        files = suites.isEmpty ? try SuiteFiles.currentFolder() : try SuiteFiles.expand(suites)
      } catch {
        try failUsage(error)
      }
      if watch { try self.watch(files) }
      if let coverageOut {
        do {
          try AtomicFile.checkWritable(coverageOut)
        } catch {
          throw UsageProblem(error.description)
        }
      }
      let job = TestJob.Input(
        files: files, defaultDatabase: database, explainsPassingCases: format == .json,
        measuring: coverage != nil || minCoverage != nil, minCoverage: minCoverage)
      let output = TestJob.run(job) { Output.error(UsageProblem($0).description) }
      let results = output.results
      switch format {
      // Nothing ran: the problems on stderr are the whole story.
      case .text:
        if !(output.outcome == .invalid && results.isEmpty) { Output.out(SuiteReport.text(results, explain: explain)) }
      case .json: Output.out(SuiteReport.json(results, errors: output.errors))
      case .junit: Output.out(JUnitReport.render(output.runs, explain: explain))
      }
      if let coverage, !results.isEmpty {
        let report = coverage.render(output.coverage)
        if let coverageOut {
          do {
            try AtomicFile.write(report, to: coverageOut)
          } catch {
            throw UsageProblem(error.description)
          }
        } else {
          Output.out("\n" + report)
        }
      }
      if let shortfall = output.coverageShortfall { Output.error("flint: \(shortfall)") }
      switch output.outcome {
      case .passed: return
      case .failed: throw ExitCode(ExitStatus.failure)
      case .invalid: throw ExitCode(ExitStatus.usage)
      }
    }
  }
}

extension FlintCommand.Test {
  /// `--watch`: the job runs and re-runs the suites until the process is stopped (exit 2 when
  /// inotify fails).
  func watch(_ files: [String]) throws -> Never {
    #if os(Linux)
      let events = try WatchSupport.start()
      do {
        try TestJob.watch(
          TestJob.Input(files: files, defaultDatabase: database), explain: explain, changes: events,
          report: Output.out, problem: { Output.error(UsageProblem($0).description) },
          rerunning: WatchSupport.clearScreen)
      } catch {
        throw UsageProblem("\(error)")
      }
    #else
      throw UsageProblem(printed: WatchSupport.unsupported)
    #endif
  }

  /// Nothing can run (no suites, a folder that cannot be listed): the problem on stderr and,
  /// with --format json, the JSON report holding it on stdout; exit 2.
  func failUsage(_ error: SuiteError) throws -> Never {
    if format == .json { Output.out(SuiteReport.json([], errors: [error])) }
    throw UsageProblem(error.description)
  }
}

extension ExplainLevel: ExpressibleByArgument {}
