import ArgumentParser
import FirestoreModel
import FlintKit
import RulesLanguage

extension FlintCommand {
  /// `flint check`: parse and check rules files, print diagnostics.
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Parse and check Firestore and Cloud Storage rules files.",
      discussion: """
        With no FILE, checks the rules named by firebase.json in the current directory: the \
        "firestore" rules (object or multi-database array form), then the "storage" rules \
        (object or per-bucket array form), each summed up under its name with its buckets or \
        deploy targets ("storage.rules (bucket my-app.appspot.com): 0 errors, 0 warnings"). \
        Each file is checked as the service it declares (cloud.firestore or firebase.storage). \
        Diagnostics go to stdout, problems \
        reading files to stderr. Exit status: 0 no errors (warnings allowed), 1 errors found, \
        2 usage or I/O problem. --watch (Linux) keeps running and re-checks a file whenever it \
        changes, printing the diagnostics that changed and the error and warning counts.
        """
    )

    /// `check` also writes SARIF, for GitHub code scanning.
    enum Format: String, ExpressibleByArgument, CaseIterable {
      case text, json, sarif
    }

    @Option(name: .long, help: "Output format: text, json or sarif (SARIF 2.1.0, for GitHub code scanning).")
    var format: Format = .text

    @Option(name: .long, help: "Exit 1 when there are more than N warnings in all (as ESLint's --max-warnings).")
    var maxWarnings: Int?

    @Flag(name: .long, help: "Treat every warning as an error.")
    var werror = false

    @Flag(
      name: .long,
      help: "Report what Google deploys but fails at run time (undefined names, bool(), debug()...) as errors.")
    var strict = false

    @Flag(name: .long, help: "Keep running: re-check each file when it changes and print what changed (Linux).")
    var watch = false

    @Argument(help: "Rules files to check.")
    var files: [String] = []

    func validate() throws {
      if watch && format != .text { throw ValidationError("--watch prints text; it cannot be combined with --format") }
    }

    func run() throws {
      let inputs = try RulesInputs.resolve(files)
      if watch { return try self.watch(inputs) }
      var results: [(source: SourceFile, diagnostics: [Diagnostic])] = []
      var labels: [String] = []
      var paths: [String] = []
      var ioFailed = false
      for input in inputs {
        if let result = diagnose(input) {
          results.append(result)
          labels.append(input.label)
          paths.append(input.path)
        } else {
          ioFailed = true
        }
      }
      switch format {
      case .text:
        for (result, label) in zip(results, labels) {
          Output.out(DiagnosticRenderer.text(result.diagnostics, in: result.source, label: label))
        }
      case .json:
        Output.out(DiagnosticRenderer.json(results))
      case .sarif:
        Output.out(
          SARIFRenderer.render(
            results, documentation: LintCatalogue.sarifDocumentation, sourceRoot: SourceRoot.locate(paths: paths)))
      }
      if ioFailed { throw ExitCode(ExitStatus.usage) }
      let hasErrors = results.contains { $0.diagnostics.contains { $0.severity == .error } }
      if hasErrors { throw ExitCode(ExitStatus.failure) }
      let warnings = results.reduce(0) { $0 + $1.diagnostics.count { $0.severity == .warning } }
      if let maxWarnings, warnings > maxWarnings {
        Output.error("\(warnings) warnings, more than --max-warnings \(maxWarnings)")
        throw ExitCode(ExitStatus.failure)
      }
    }

    /// The file's diagnostics, or nil (the problem on stderr) when it cannot be read.
    func diagnose(_ input: RulesInput) -> (source: SourceFile, diagnostics: [Diagnostic])? {
      do {
        let bytes = try FileReader.bytes(atPath: input.path)
        var (source, diagnostics) = RulesCheck.check(bytes: bytes, name: input.displayName, strict: strict)
        if werror { diagnostics = diagnostics.map { $0.severity == .warning ? $0.promoted : $0 } }
        return (source, diagnostics)
      } catch {
        Output.error(error.description)
        return nil
      }
    }
  }
}
