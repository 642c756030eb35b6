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
        in it that are suites (a top-level "cases" key). Text output explains each failing case \
        briefly, down to the failing sub-expression and the values it saw (--explain full: the \
        whole evaluated tree), and ends with "N passed, M failed". Exit status: 0 every case \
        passed, 1 some case failed, 2 invalid suite, data or rules (or usage problem).
        """
    )

    @Option(name: .long, help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Option(name: .long, help: "Failure explanations: short (the failing sub-expression and its values) or full (the whole trace).")
    var explain: ExplainLevel = .short

    @Argument(help: "Suite files or folders of suites.")
    var suites: [String] = []

    func run() throws {
      guard !suites.isEmpty else {
        Output.error("flint: no SUITE given")
        throw ExitCode(ExitStatus.usage)
      }
      let files: [String]
      do {
        files = try SuiteFiles.expand(suites)
      } catch {
        Output.error("flint: \(error.description)")
        throw ExitCode(ExitStatus.usage)
      }
      var loader = SuiteLoader()
      // Text reports explain only failing cases, so passing ones need no trace.
      let runner = SuiteRunner(explainsPassingCases: format == .json)
      var results: [SuiteResult] = []
      var errors: [SuiteError] = []
      for file in files {
        do {
          results.append(runner.run(try loader.load(file: file)))
        } catch {
          errors.append(error)
          switch error {
          case .unreadable(let message): Output.error("flint: \(message)")
          default: Output.error(error.description)
          }
        }
      }
      let invalid = !errors.isEmpty
      switch format {
      // Nothing ran: the problems on stderr are the whole story.
      case .text: if !(invalid && results.isEmpty) { Output.out(SuiteReport.text(results, explain: explain)) }
      case .json: Output.out(SuiteReport.json(results, errors: errors))
      }
      if invalid { throw ExitCode(ExitStatus.usage) }
      if results.contains(where: { $0.failed > 0 }) { throw ExitCode(ExitStatus.failure) }
    }
  }
}

extension ExplainLevel: ExpressibleByArgument {}
