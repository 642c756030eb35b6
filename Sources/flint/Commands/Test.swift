import ArgumentParser
import FlintKit

extension Flint {
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

    @Option(name: .long, help: "Failure explanations: short (the failing sub-expression and its values) or full (the whole trace).")
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
      help: "The database of suites that name none (their \"database\" key wins): request paths and lookups are /databases/<id>/documents/....")
    var database: String?

    @Argument(help: "Suite files or folders of suites (default: the suites in the current folder).")
    var suites: [String] = []

    func validate() throws {
      if let minCoverage, !(0...100).contains(minCoverage) {
        throw ValidationError("--min-coverage must be a percentage from 0 to 100")
      }
      if watch && (format != .text || coverage != nil || minCoverage != nil) {
        throw ValidationError("--watch prints the text report; it cannot be combined with --format, --coverage or --min-coverage")
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
      if watch { return try self.watch(files) }
      if let coverageOut {
        do {
          try AtomicFile.checkWritable(coverageOut)
        } catch {
          Output.error("flint: \(error.description)")
          throw ExitCode(ExitStatus.usage)
        }
      }
      let measuring = coverage != nil || minCoverage != nil
      var loader = SuiteLoader()
      if let database { loader.defaultDatabase = database }
      loader.keepsValidCases = true
      // Text and JUnit reports explain only failing cases, so passing ones need no trace, unless
      // coverage reads every case's trace.
      let runner = SuiteRunner(explainsPassingCases: format == .json || measuring)
      var runs: [SuiteRun] = []
      var collected = SuiteCoverage()
      for file in files {
        let clock = ContinuousClock()
        let start = clock.now
        do {
          let suite = try loader.load(file: file)
          let result = runner.run(suite)
          // Cases that could not be read did not run; the others did.
          if !suite.caseErrors.isEmpty { Output.error(SuiteError.invalidCases(suite.caseErrors).description) }
          let elapsed = (clock.now - start).components
          runs.append(.ran(result, seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18))
          if measuring { collected.record(suite, result) }
        } catch {
          runs.append(.unloadable(file: file, error: error))
          switch error {
          case .unreadable(let message): Output.error("flint: \(message)")
          default: Output.error(error.description)
          }
        }
      }
      let results = runs.compactMap { if case .ran(let result, _) = $0 { result } else { nil } }
      let errors =
        runs.compactMap { if case .unloadable(_, let error) = $0 { error } else { nil } }
        + results.filter { !$0.caseErrors.isEmpty }.map { SuiteError.invalidCases($0.caseErrors) }
      let invalid = !errors.isEmpty
      switch format {
      // Nothing ran: the problems on stderr are the whole story.
      case .text: if !(invalid && results.isEmpty) { Output.out(SuiteReport.text(results, explain: explain)) }
      case .json: Output.out(SuiteReport.json(results, errors: errors))
      case .junit: Output.out(JUnitReport.render(runs, explain: explain))
      }
      if let coverage, !results.isEmpty {
        let report = coverage.render(collected)
        if let coverageOut {
          do {
            try AtomicFile.write(report, to: coverageOut)
          } catch {
            Output.error("flint: \(error.description)")
            throw ExitCode(ExitStatus.usage)
          }
        } else {
          Output.out("\n" + report)
        }
      }
      if invalid { throw ExitCode(ExitStatus.usage) }
      if results.contains(where: { $0.failed > 0 }) { throw ExitCode(ExitStatus.failure) }
      let total = collected.total
      if let minCoverage, total.allowPercent < minCoverage {
        let threshold = minCoverage == minCoverage.rounded() ? String(Int(minCoverage)) : String(minCoverage)
        Output.error(
          "flint: \(total.allowsCovered) of \(total.allows) allow statements granted and denied "
            + "(\(CoverageSummary.percentText(total.allowsCovered, of: total.allows))), "
            + "below --min-coverage \(threshold)%")
        throw ExitCode(ExitStatus.failure)
      }
    }
  }
}

extension Flint.Test {
  /// Nothing can run (no suites, a folder that cannot be listed): the problem on stderr and,
  /// with --format json, the JSON report holding it on stdout; exit 2.
  func failUsage(_ error: SuiteError) throws -> Never {
    Output.error("flint: \(error.description)")
    if format == .json { Output.out(SuiteReport.json([], errors: [error])) }
    throw ExitCode(ExitStatus.usage)
  }
}

extension ExplainLevel: ExpressibleByArgument {}
