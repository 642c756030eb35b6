import ArgumentParser
import FirestoreModel
import FlintKit
import RulesEngine
import RulesLanguage

extension FlintCommand {
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
        on. --rules makes the file's functions callable: with --at PATH (a document path such \
        as /users/alice) those visible in the innermost match block that matches PATH, with \
        its wildcards bound; without --at, every function whose name is declared once. \
        get() and exists() read --data (tagged or REST JSON); without it every lookup sees a \
        missing document. Exit status: 0 evaluated (an error \
        value is a result), 1 syntax error in EXPR (or any malformed or unparsable batch line), \
        2 usage problem, unreadable file, invalid bindings or rules with errors.
        """
    )

    @Option(name: .long, help: "Output format for a single expression: text or json.")
    var format: OutputFormat = .text

    @Option(name: .long, help: "A rules file whose functions the expressions may call.")
    var rules: String?

    @Option(
      name: .long, help: "With --rules: evaluate as inside the innermost match block matching this document path.")
    var at: String?

    @Option(name: .long, help: "Seed documents for get() and exists(): tagged JSON or Firestore REST JSON.")
    var data: String?

    @Option(name: .long, help: "A JSON object of variable bindings (plain or tagged JSON).")
    var bindings: String?

    @Option(name: .long, help: "A JSON Lines file of {\"id\", \"expr\", \"bindings\"} to evaluate.")
    var batch: String?

    @Argument(help: "The expression to evaluate.")
    var expression: String?

    func run() throws {
      let job = try makeJob()
      if let batch {
        guard expression == nil, bindings == nil else {
          throw UsageProblem("--batch takes no EXPR or --bindings (each line has its own)")
        }
        try runBatch(batch, job: job)
        return
      }
      guard let expression else {
        throw UsageProblem("give an EXPR or --batch FILE")
      }
      var values: [String: RulesValue] = [:]
      if let bindings {
        do {
          values = try BindingsDecoder.bindings(try JSONParser.parse(bindings, file: "--bindings"))
        } catch {
          throw UsageProblem("invalid --bindings: \(error.inFile("--bindings").description)")
        }
      }
      let parsed = ExpressionJob.parse(expression)
      guard let expr = parsed.expr else {
        try reportSyntax(parsed.source, parsed.diagnostics)
        return
      }
      if let ambiguity = job.ambiguity(in: expr) {
        Output.error("flint: \(ambiguity.description)")
        throw ExitCode(ExitStatus.failure)
      }
      let (result, lookedUp) = job.evaluateWithLookups(expr, bindings: values)
      let noData = lookedUp && data == nil
      if noData && format == .text {
        Output.error(DataInput.noDataNote)
      }
      Output.out(render(result, noData: noData) + "\n")
    }

    private func reportSyntax(_ source: SourceFile, _ diagnostics: [Diagnostic]) throws {
      // With --format json the diagnostics are JSON too, in `flint check --format json`'s shape.
      switch format {
      case .text: Output.out(DiagnosticRenderer.text(diagnostics, in: source))
      case .json: Output.out(DiagnosticRenderer.json([(source, diagnostics)]))
      }
      throw ExitCode(ExitStatus.failure)
    }

    private func render(_ result: Result<RulesValue, EvalError>, noData: Bool) -> String {
      switch (format, result) {
      case (.json, .success(let value)): noted(value.typedJSONValue, noData: noData).text(.spaced)
      case (.json, .failure(let error)): noted(["error": .string(error.message)], noData: noData).text(.spaced)
      // Text is for the terminal: the user's strings are shown escaped.
      case (.text, .success(let value)): VisibleText.escapedLines(ValueText.render(value, limit: Int.max))
      case (.text, .failure(let error)): VisibleText.escapedLines("error: \(error.message)")
      }
    }

    /// The JSON answer, with `"data": "none"` after its member when no --data was given.
    private func noted(_ json: JSONValue, noData: Bool) -> JSONValue {
      guard noData, case .object(var object) = json else { return json }
      object["data"] = "none"
      return .object(object)
    }

    private func makeJob() throws -> ExpressionJob {
      let store = try loadData()
      guard let rules else {
        if at != nil {
          throw UsageProblem("--at needs --rules")
        }
        return ExpressionJob(store: store)
      }
      let ruleset = try RulesInputs.compile(atPath: rules)
      guard let at else { return ExpressionJob(ruleset: ruleset, store: store) }
      guard let path = ResourcePath(parsing: at), ruleset.service.kind == .storage || path.isDocument else {
        throw UsageProblem("--at takes a document path such as /users/alice, not '\(at)'")
      }
      do {
        return try ExpressionJob.at(path, in: ruleset, store: store)
      } catch {
        throw UsageProblem(error.description)
      }
    }

    private func loadData() throws -> DocumentStore? {
      try data.map { try DataInput.load($0) }
    }

    private func runBatch(_ path: String, job: ExpressionJob) throws {
      let input = try FileReader.bytes(atPath: path)
      let summary = ExpressionBatch(job: job).run(input) { chunk in Output.out(String(decoding: chunk, as: UTF8.self)) }
      if summary.lookedUp > 0 && data == nil {
        Output.error(DataInput.noDataNote)
      }
      if summary.invalid > 0 { throw ExitCode(ExitStatus.failure) }
    }
  }
}
