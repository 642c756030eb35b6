/// The job behind `flint test`: load and run each suite (timed, for JUnit), collect rule
/// coverage when asked, and decide the outcome. The command only prints.
package struct TestJob: Sendable {
  package struct Input: Sendable {
    /// Suite files, in order.
    package var files: [String]
    /// The database of suites that name none (`--database`); nil: `(default)`.
    package var defaultDatabase: String?
    /// Explain passing cases too (JSON reports and coverage read every case's trace).
    package var explainsPassingCases: Bool
    /// Collect rule coverage (`--coverage`, `--min-coverage`).
    package var measuring: Bool
    /// The least percentage of allow statements both granted and denied (`--min-coverage`).
    package var minCoverage: Double?
    /// Where the suites and the files they name (rules, seed data) come from: the disk by
    /// default; a front end that holds them in memory passes its own.
    package var reader: SuiteLoader.Reader

    package init(
      files: [String], defaultDatabase: String? = nil, explainsPassingCases: Bool = false, measuring: Bool = false,
      minCoverage: Double? = nil, reader: @escaping SuiteLoader.Reader = SuiteLoader.diskReader
    ) {
      self.reader = reader
      self.files = files
      self.defaultDatabase = defaultDatabase
      self.explainsPassingCases = explainsPassingCases
      self.measuring = measuring
      self.minCoverage = minCoverage
    }
  }

  /// How the run ends: every case passed, some failed (or coverage is below the minimum), or
  /// some suite or case could not be read.
  package enum Outcome: Sendable, Equatable {
    case passed
    case failed
    case invalid
  }

  package struct Output: Sendable {
    /// Every suite, ran or unloadable, in file order.
    package var runs: [SuiteRun]
    /// The coverage collected (empty unless measuring).
    package var coverage: SuiteCoverage
    package var outcome: Outcome
    /// Why the run failed on coverage alone (`--min-coverage`), when it did.
    package var coverageShortfall: String?

    /// The suites that ran.
    package var results: [SuiteResult] {
      runs.compactMap { if case .ran(let result, _) = $0 { result } else { nil } }
    }

    /// The suites that could not be loaded, then the cases that could not be read.
    package var errors: [SuiteError] {
      runs.compactMap { if case .unloadable(_, let error) = $0 { error } else { nil } }
        + results.filter { !$0.caseErrors.isEmpty }.map { SuiteError.invalidCases($0.caseErrors) }
    }
  }

  /// Runs `input`'s suites; `problem` hears each suite that cannot be loaded and each suite's
  /// unreadable cases (the others ran) as they are found.
  package static func run(_ input: Input, problem: (SuiteError) -> Void = { _ in }) -> Output {
    var loader = SuiteLoader(reader: input.reader)
    if let database = input.defaultDatabase { loader.defaultDatabase = database }
    loader.keepsValidCases = true
    // Text and JUnit reports explain only failing cases, so passing ones need no trace, unless
    // coverage reads every case's trace.
    let runner = SuiteRunner(explainsPassingCases: input.explainsPassingCases || input.measuring)
    var runs: [SuiteRun] = []
    var coverage = SuiteCoverage()
    for file in input.files {
      let clock = ContinuousClock()
      let start = clock.now
      do {
        let suite = try loader.load(file: file)
        let result = runner.run(suite)
        // Cases that could not be read did not run; the others did.
        if !suite.caseErrors.isEmpty { problem(.invalidCases(suite.caseErrors)) }
        let elapsed = (clock.now - start).components
        runs.append(.ran(result, seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18))
        if input.measuring { coverage.record(suite, result) }
      } catch {
        runs.append(.unloadable(file: file, error: error))
        problem(error)
      }
    }
    var output = Output(runs: runs, coverage: coverage, outcome: .passed)
    if !output.errors.isEmpty {
      output.outcome = .invalid
    } else if output.results.contains(where: { $0.failed > 0 }) {
      output.outcome = .failed
    } else if let minimum = input.minCoverage, coverage.total.allowPercent < minimum {
      output.outcome = .failed
      output.coverageShortfall = shortfall(coverage.total, minimum: minimum)
    }
    return output
  }

  /// `3 of 4 allow statements granted and denied (75.0%), below --min-coverage 80%`.
  static func shortfall(_ total: CoverageSummary, minimum: Double) -> String {
    let threshold = minimum == minimum.rounded() ? String(Int(minimum)) : String(minimum)
    return "\(total.allowsCovered) of \(total.allows) allow statements granted and denied "
      + "(\(CoverageSummary.percentText(total.allowsCovered, of: total.allows))), "
      + "below --min-coverage \(threshold)%"
  }
}
