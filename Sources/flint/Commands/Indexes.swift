import ArgumentParser
import FirestoreModel
import FlintKit
import IndexAdvisor
import SourceQueries

extension FlintCommand {
  /// `flint indexes`: the composite indexes and field overrides a workload of queries needs,
  /// checked against and merged into `firestore.indexes.json`.
  struct Indexes: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Plan firestore.indexes.json for a workload of queries (check, merge, prune).",
      discussion: """
        Each QUERYFILE holds one query DSL line per query (such as \
        'collection("posts").where("author", "==", auth.uid).orderBy("createdAt", "desc')), \
        '#' comments and optional trailing '@weight N' (how often it runs) and '@max-reads N' \
        (the most reads it may bill on the seed data, checked by --reads). Flint computes \
        the index each query needs, which the existing manifest already serves (automatic \
        single-field indexes, index merging, composite indexes), and the fewest composite \
        indexes and field overrides to add within --limit and --override-limit. The merged \
        manifest keeps every existing entry (unknown keys included) unless --prune removes \
        indexes no query uses; it goes to stdout (the plan to stderr), or atomically to --out \
        (the plan to stdout). Without --existing, the "indexes" file of firebase.json is read. \
        A manifest that already holds more composite indexes than --limit (or overrides than \
        --override-limit) gets nothing added of that kind; the plan and stderr say so. \
        A query line that fails to parse stops the writing: the plan for the other lines is \
        printed, and no manifest is written or printed and nothing is pruned. --prune removes only \
        indexes no query of the files could use (as its own index or a merge member). \
        A PATH may also be app source: Swift, TypeScript, JavaScript, Kotlin, Java or Dart files, or folders \
        (walked recursively, skipping node_modules, .build, Pods, build, .dart_tool, \
        DerivedData, .git, .gradle, what the top-level .gitignore ignores and --exclude globs); their \
        Firestore queries are found statically (--list-queries prints them). A query Flint \
        cannot resolve (a field from user input) is listed as unresolved, never guessed: \
        --check fails on it unless --allow-unresolved, and nothing is pruned. \
        --reads --data FILE prints instead what each query bills on the seed documents (Query \
        Explain's read operations, --scale COLLECTION=N to count each document N times), most \
        first, with the total weighted by @weight; a query naming a value nothing binds (auth.uid \
        without --auth, a variable without --var NAME=VALUE) is not computed and fails its @max-reads. \
        Exit status: 0 done; 1 when a query is over its @max-reads (--reads), when the manifest is over --limit or --override-limit, or with \
        --check when a query is not served by the existing manifest; 2 usage problems, \
        unreadable or invalid files, bad query lines.
        """
    )

    @Option(name: .long, help: "The existing manifest (default: firebase.json's \"indexes\", if any).")
    var existing: String?

    @Option(name: .long, help: "Write the merged manifest to this file, atomically.")
    var out: String?

    // `.unconditional`: `--limit -1` reaches `Budget.value(for:)` instead of ArgumentParser taking
    // `-1` for an option and reporting a missing value.
    @Option(
      name: .long, parsing: .unconditional,
      help: "Composite indexes allowed in the whole manifest (200 without billing, 1000 with).")
    var limit = Budget(200)

    @Option(
      name: .customLong("override-limit"), parsing: .unconditional,
      help: "Field overrides allowed in the whole manifest.")
    var overrideLimit = Budget(200)

    @Flag(name: .long, help: "Only check: exit 1 when the existing manifest does not serve a query; write nothing.")
    var check = false

    @Flag(name: .long, help: "Remove existing composite indexes that no query of the files could use.")
    var prune = false

    @Flag(name: .long, help: "Stop at the first bad query line.")
    var strict = false

    @Option(
      name: .long,
      help:
        "The database id (default: (default), else firebase.json's only database); selects its manifest in a multi-database firebase.json."
    )
    var database: String?

    @Option(name: .long, help: "Output format of the plan: text or json.")
    var format: OutputFormat = .text

    @Option(name: .long, help: "Skip source files and folders matching this glob (repeatable).")
    var exclude: [String] = []

    @Flag(name: .customLong("list-queries"), help: "Print the queries found in the PATHs instead of a plan.")
    var listQueries = false

    @Flag(
      name: .customLong("allow-unresolved"), help: "With --check: do not fail on source queries Flint cannot resolve.")
    var allowUnresolved = false

    @Flag(
      name: .long,
      help:
        "Print each query's reads on --data (Query Explain's read operations), most first, and the total weighted by @weight; exit 1 when a query is over its @max-reads."
    )
    var reads = false

    @Option(
      name: .long, help: "With --reads: the seed documents the queries run on (tagged JSON or Firestore REST JSON).")
    var data: String?

    @Option(
      name: .long,
      help: "With --reads: COLLECTION=N counts each document of the collection (id) N times; repeatable.")
    var scale: [String] = []

    @Option(
      name: .long,
      help:
        #"With --reads: the user auth.uid and auth.token stand for ({"uid": "alice"}); without it a query naming them is not computed."#
    )
    var auth: String?

    @Option(
      name: .customLong("var"),
      help:
        "With --reads: a value for a name the queries use (orgId=acme); VALUE is JSON, or else a string. Repeatable.")
    var variables: [String] = []

    @Argument(help: "Workload files (one query per line), or app source files and folders.")
    var queryFiles: [String] = []

    func run() throws {
      guard !queryFiles.isEmpty else { throw UsageProblem("give at least one QUERYFILE (one query per line)") }
      let inputs: IndexInputs.Files
      do {
        inputs = try IndexInputs.classify(queryFiles, excludes: exclude)
      } catch {
        throw UsageProblem(error.message)
      }
      var sources: [(name: String, bytes: [UInt8])] = []
      for path in inputs.sources { sources.append((path, try FileReader.bytes(atPath: path))) }
      if listQueries {
        if let workload = inputs.workloads.first {
          throw UsageProblem(
            "--list-queries reads app source (Swift, TypeScript, JavaScript, Kotlin, Java, Dart files or folders); '\(workload)' is a workload file"
          )
        }
        if check || out != nil {
          throw UsageProblem("--list-queries prints the queries only; leave out --check and --out")
        }
        let extraction = SourceQueryReader.read(sources)
        Output.out(
          format == .json
            ? JSONWriter.text(extraction.json, style: .pretty) + "\n" : VisibleText.escapedLines(extraction.text))
        return
      }
      if reads {
        guard data != nil else { throw UsageProblem("--reads needs --data: the seed documents the queries run on") }
        if check || out != nil || prune {
          throw UsageProblem("--reads prints reads only; leave out --check, --out and --prune")
        }
      } else if data != nil || !scale.isEmpty || auth != nil || !variables.isEmpty {
        throw UsageProblem("--data, --scale, --auth and --var are for --reads")
      }
      // request.time stays unbound: a workload's query naming it is not computed.
      let epoch = Timestamp(seconds: 0)
      var bindings = try RequestOptions.bindings(variables, at: epoch)
      if let auth, let user = try RequestOptions.user(auth, at: epoch) {
        bindings["request.auth"] = PlaygroundInput.authBinding(user)
      }
      let scaleFactors = try ScaleOption.parse(scale)
      let limit = try self.limit.value(for: "--limit")
      let overrideLimit = try self.overrideLimit.value(for: "--override-limit")
      if check, out != nil { throw UsageProblem("--check writes nothing; leave out --out") }
      if let out {
        do {
          try AtomicFile.checkWritable(out)
        } catch {
          throw UsageProblem(error.message)
        }
      }
      let existingFile = try existingManifest()
      var files: [(name: String, bytes: [UInt8])] = []
      for path in inputs.workloads { files.append((path, try FileReader.bytes(atPath: path))) }
      let options = PlanOptions(compositeLimit: limit, overrideLimit: overrideLimit, prune: prune)
      let output: IndexesJob.Output
      do {
        var input = IndexesJob.Input(
          queryFiles: files, existing: existingFile, options: options, strict: strict, sourceFiles: sources)
        input.bindings = bindings
        output = try IndexesJob.run(input)
      } catch {
        throw UsageProblem(printed: error.description)
      }
      for warning in output.warnings { Output.error("warning: \(warning)") }
      for item in output.unresolved {
        Output.error(
          VisibleText.escaped(
            "\(item.place.file):\(item.place.line):\(item.place.column): warning: unresolved query (\(item.reason)): \(item.text)",
            keepingTabs: false))
      }
      if !output.problems.isEmpty { Output.error(WorkloadProblemRenderer.text(output.problems)) }
      if reads, let data {
        if output.problems.contains(where: \.notText) { throw ExitCode(ExitStatus.usage) }
        let report = WorkloadReads(
          output.queries, manifest: output.existing, store: try DataInput.load(data), scale: scaleFactors)
        Output.out(format == .json ? report.json() : VisibleText.escapedLines(report.text()))
        for line in report.overBudgetLines() { Output.error(VisibleText.escaped("flint: \(line)", keepingTabs: false)) }
        if !report.overBudget.isEmpty { throw ExitCode(ExitStatus.failure) }
        if !output.problems.isEmpty { throw ExitCode(ExitStatus.usage) }
        return
      }
      guard let plan = output.plan else {
        // A file that is not text gets its one error and nothing else.
        if !output.problems.contains(where: \.notText) {
          Output.error("flint: nothing written: fix the query lines above (--strict)")
        }
        throw ExitCode(ExitStatus.usage)
      }
      let queries = output.queries
      let badLines = output.problems.isEmpty ? ExitStatus.success : ExitStatus.usage
      if !check, output.manifestText == nil {
        // Some line failed: the plan for the others, on stderr; no manifest anywhere, nothing pruned.
        Output.error(
          format == .json
            ? IndexPlanRenderer.json(plan, queries: queries, manifest: false)
            : IndexPlanRenderer.text(plan, queries: queries))
        throw UsageProblem(
          "nothing written\(prune ? " and nothing pruned" : ""): fix the query lines above "
            + "(the plan cannot see what those queries need)")
      }
      let manifestText = output.manifestText ?? ""
      if check {
        Output.out(
          format == .json
            ? IndexPlanRenderer.json(plan, queries: queries, manifest: false)
            : IndexPlanRenderer.checkText(plan, queries: queries, manifest: existingFile?.name))
        for overrun in plan.overruns {
          Output.error("flint: over budget: \(IndexPlanRenderer.overrunText(overrun))")
        }
        // Over budget alone is a warning (a project with billing may hold up to 1,000); it fails
        // the check only through the queries it leaves unserved.
        if plan.servedByExisting.contains(false) { throw ExitCode(ExitStatus.failure) }
        if badLines != 0 { throw ExitCode(badLines) }
        if !output.unresolved.isEmpty, !allowUnresolved {
          Output.error(
            "flint: check failed: \(output.unresolved.count) source \(output.unresolved.count == 1 ? "query is" : "queries are") "
              + "unresolved (listed above); fix them or pass --allow-unresolved")
          throw ExitCode(ExitStatus.failure)
        }
        return
      }
      if let out {
        do {
          try AtomicFile.write(manifestText, to: out)
        } catch {
          throw UsageProblem(error.message)
        }
        Output.out(
          format == .json
            ? IndexPlanRenderer.json(plan, queries: queries, manifest: false)
            : IndexPlanRenderer.text(plan, queries: queries) + "wrote \(out)\n")
      } else if format == .json {
        Output.out(IndexPlanRenderer.json(plan, queries: queries, manifest: true))
      } else {
        Output.out(manifestText)
        Output.error(IndexPlanRenderer.text(plan, queries: queries))
      }
      // The text plan on stderr already says it; elsewhere the plan is on stdout.
      if format == .json || out != nil {
        for overrun in plan.overruns {
          Output.error("flint: over budget: \(IndexPlanRenderer.overrunText(overrun))")
        }
      }
      if badLines != 0 { throw ExitCode(badLines) }
      // The budget failed the user only if it left a query unserved.
      if plan.isOverBudget && !plan.unserved.isEmpty { throw ExitCode(ExitStatus.failure) }
    }

    private func existingManifest() throws -> (name: String, bytes: [UInt8])? {
      let files: ProjectFiles
      do {
        files = try ProjectFiles.resolve(
          rules: nil, indexes: existing, database: database, needsRules: false, manifestOption: "--existing")
      } catch {
        throw UsageProblem(error.message)
      }
      if let note = files.databaseNote { Output.error("flint: note: \(note)") }
      if let note = files.indexesNote { Output.error("flint: note: \(note)") }
      guard let path = files.indexes else { return nil }
      return (path, try FileReader.bytes(atPath: path))
    }
  }
}
