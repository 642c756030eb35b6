import ArgumentParser
import FirestoreModel
import FlintKit
import RulesEngine
import RulesLanguage

extension Flint {
  /// `flint expr`: evaluate one rules expression, or a JSON Lines batch of them.
  struct Expr: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Evaluate rules expressions and print typed values.",
      discussion: """
        Evaluates EXPR with optional --bindings (a JSON object of variables such as request and \
        resource, plain or tagged JSON) and prints its typed value, e.g. {"int": 1} or \
        {"error": "Divide by zero error."} with --format json. With --batch FILE, reads JSON \
        Lines of {"id", "expr", "bindings"} and writes one {"id", <typed value>} line per input, \
        in order; a malformed line gets {"id": null, "error": "line N: ..."} and the batch goes \
        on. --rules makes the file's functions callable. Exit status: 0 evaluated (an error \
        value is a result), 1 syntax error in EXPR (or any malformed or unparsable batch line), \
        2 usage problem, unreadable file, invalid bindings or rules with errors.
        """
    )

    @Option(name: .long, help: "Output format for a single expression: text or json.")
    var format: OutputFormat = .text

    @Option(name: .long, help: "A rules file whose functions the expressions may call.")
    var rules: String?

    @Option(name: .long, help: "A JSON object of variable bindings (plain or tagged JSON).")
    var bindings: String?

    @Option(name: .long, help: "A JSON Lines file of {\"id\", \"expr\", \"bindings\"} to evaluate.")
    var batch: String?

    @Argument(help: "The expression to evaluate.")
    var expression: String?

    func run() throws {
      let job = ExpressionJob(ruleset: try loadRules())
      if let batch {
        guard expression == nil, bindings == nil else {
          Output.error("flint: --batch takes no EXPR or --bindings (each line has its own)")
          throw ExitCode(ExitStatus.usage)
        }
        try runBatch(batch, job: job)
        return
      }
      guard let expression else {
        Output.error("flint: give an EXPR or --batch FILE")
        throw ExitCode(ExitStatus.usage)
      }
      var values: [String: RulesValue] = [:]
      if let bindings {
        do {
          values = try BindingsDecoder.bindings(try JSONParser.parse(bindings, file: "--bindings"))
        } catch {
          Output.error("flint: invalid --bindings: \(error.inFile("--bindings").description)")
          throw ExitCode(ExitStatus.usage)
        }
      }
      switch job.evaluate(expression, bindings: values) {
      case .syntaxError(let source, let diagnostics):
        // With --format json the diagnostics are JSON too, in `flint check --format json`'s shape.
        switch format {
        case .text: Output.out(DiagnosticRenderer.text(diagnostics, in: source))
        case .json: Output.out(DiagnosticRenderer.json([(source, diagnostics)]))
        }
        throw ExitCode(ExitStatus.failure)
      case .evaluated(let result):
        Output.out(render(result) + "\n")
      }
    }

    private func render(_ result: Result<RulesValue, EvalError>) -> String {
      switch (format, result) {
      case (.json, .success(let value)): value.typedJSON
      case (.json, .failure(let error)): JSONText.object([("error", .string(error.message))]).text
      case (.text, .success(let value)): ValueText.render(value, limit: Int.max)
      case (.text, .failure(let error)): "error: \(error.message)"
      }
    }

    private func loadRules() throws -> Ruleset? {
      guard let rules else { return nil }
      return try RulesInputs.compile(atPath: rules)
    }

    private func runBatch(_ path: String, job: ExpressionJob) throws {
      let input: [UInt8]
      do {
        input = try FileReader.bytes(atPath: path)
      } catch {
        Output.error(error.description)
        throw ExitCode(ExitStatus.usage)
      }
      let summary = ExpressionBatch(job: job).run(input) { chunk in Output.out(String(decoding: chunk, as: UTF8.self)) }
      if summary.invalid > 0 { throw ExitCode(ExitStatus.failure) }
    }
  }
}
