import ArgumentParser
import FlintKit
import RulesLanguage

extension Flint {
  /// `flint check`: parse and check rules files, print diagnostics.
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Parse and check Firestore rules files.",
      discussion: """
        With no FILE, checks the "firestore" rules named by firebase.json in the current \
        directory (object or multi-database array form). Diagnostics go to stdout, problems \
        reading files to stderr. Exit status: 0 no errors (warnings allowed), 1 errors found, \
        2 usage or I/O problem.
        """
    )

    @Option(name: .long, help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Argument(help: "Rules files to check.")
    var files: [String] = []

    func run() throws {
      let inputs: [RulesInput]
      do {
        inputs = try RulesInputs.resolve(files)
      } catch {
        Output.error(error.description)
        throw ExitCode(ExitStatus.usage)
      }
      var results: [(source: SourceFile, diagnostics: [Diagnostic])] = []
      var ioFailed = false
      for input in inputs {
        do {
          let bytes = try FileReader.bytes(atPath: input.path)
          results.append(RulesCheck.check(bytes: bytes, name: input.displayName))
        } catch {
          Output.error(error.description)
          ioFailed = true
        }
      }
      switch format {
      case .text:
        for result in results {
          Output.out(DiagnosticRenderer.text(result.diagnostics, in: result.source))
        }
      case .json:
        Output.out(DiagnosticRenderer.json(results))
      }
      if ioFailed { throw ExitCode(ExitStatus.usage) }
      let hasErrors = results.contains { $0.diagnostics.contains { $0.severity == .error } }
      if hasErrors { throw ExitCode(ExitStatus.failure) }
    }
  }
}
