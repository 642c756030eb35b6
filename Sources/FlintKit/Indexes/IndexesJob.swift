import FirestoreModel
import IndexAdvisor
import SourceQueries

/// The job behind `flint indexes`: read workload files, app source and the existing manifest
/// (all as bytes), plan the indexes within the budgets, and say what the front end prints, the
/// manifest it writes and the exit status. The front end finds and reads the files, prints the
/// `printed` texts in order, writes `manifestToWrite` atomically, and exits with `status`.
package struct IndexesJob: Sendable {
  /// What the user asked for.
  package enum Task: Sendable {
    /// Plan and merge: the manifest on stdout and the plan on stderr; with `out`, the manifest
    /// goes to that file (`manifestToWrite`) and the plan to stdout.
    case plan(out: String?)
    /// Check the existing manifest: the queries it does not serve first, exit 1 when one is not
    /// served, one is refused by Firestore, or (unless `allowUnresolved`) one is unresolved.
    case check(allowUnresolved: Bool)
    /// The queries found in the source files, nothing planned.
    case listQueries
    /// What each query bills on the seed documents (`--reads --data`).
    case reads(store: DocumentStore, scale: CollectionScale)
  }

  package enum Format: String, Sendable, CaseIterable {
    case text
    case json
  }

  /// The exit status, as every subcommand uses it.
  package enum Status: Int32, Sendable, Comparable {
    /// Done (warnings allowed).
    case success = 0
    /// The input has findings: a query not served (`--check`), refused by Firestore, over its
    /// `@max-reads`, or a budget that leaves queries unserved.
    case failure = 1
    /// Bad query lines, a file that is not text, an invalid manifest, a bad combination of inputs.
    case usage = 2

    package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
  }

  /// One text for the front end to print, in order.
  package struct Printed: Sendable, Equatable {
    package enum Stream: Sendable { case out, error }
    package var stream: Stream
    /// Already escaped where it quotes the user's text; an `.error` text is one message (lines
    /// joined by newlines) the front end prints as such.
    package var text: String
  }

  package struct Input: Sendable {
    /// Workload files: name and bytes (a file that is not UTF-8 text is refused, see `run`).
    package var queryFiles: [(name: String, bytes: [UInt8])]
    /// The existing manifest (name and bytes), if any.
    package var existing: (name: String, bytes: [UInt8])?
    package var options: PlanOptions
    /// Stop at the first bad query line (nothing is planned or written).
    package var strict: Bool
    /// App source files (Swift, TypeScript, JavaScript, Kotlin, Java, Dart) whose queries join the workload.
    package var sourceFiles: [(name: String, bytes: [UInt8])]
    /// Source files the front end found and left unread as not the app's own source (named in one note).
    package var skippedSources: [SkippedSource] = []
    /// Read every source file, bundles and generated code included (`--include-all`).
    package var readsAllSources = false
    /// Values of the workload files' variables (`request.auth` for `--auth`); others are unknown values
    /// (placeholders for the plan; `--reads` does not run the queries naming them).
    package var bindings: [String: Value] = [:]
    package var task: Task = .plan(out: nil)
    package var format: Format = .text
    /// How many unresolved source queries are listed (nil: all); a count line says how many more.
    package var unresolvedShown: Int? = SourceFindingsRenderer.unresolvedShownByDefault

    package init(
      queryFiles: [(name: String, bytes: [UInt8])], existing: (name: String, bytes: [UInt8])?, options: PlanOptions,
      strict: Bool = false, sourceFiles: [(name: String, bytes: [UInt8])] = []
    ) {
      self.queryFiles = queryFiles
      self.existing = existing
      self.options = options
      self.strict = strict
      self.sourceFiles = sourceFiles
    }
  }

  package struct Output: Sendable {
    package var plan: IndexPlan?
    /// The valid queries of the workload, in file order.
    package var queries: [WorkloadQuery] = []
    /// The manifest text to write; nil when nothing may be written (some query line failed).
    package var manifestText: String?
    /// Bad query lines and files that are not text (`file:line:col: error: ...`), all of them.
    package var problems: [WorkloadProblem] = []
    /// Accepted with a warning (legacy manifest format, comments).
    package var warnings: [String] = []
    /// The name of the existing manifest, if one was read.
    package var existingName: String?
    /// Queries of the source files that could not be resolved statically (not planned).
    package var unresolved: [UnresolvedQuery] = []
    /// Queries of the source files that Firestore refuses (not planned: no index serves them).
    package var invalid: [InvalidSourceQuery] = []
    /// Source files left unread as not the app's own source (by the front end's walk, or by their text).
    package var skipped: [SkippedSource] = []
    /// The indexes in `queries` of the source queries in code nothing calls: a `--check` leaves
    /// them out of its verdict and exit status (one note counts those not served).
    package var dead: Set<Int> = []
    /// What was read from the source files (`--list-queries`).
    package var extraction = SourceExtraction()
    /// The existing manifest as read (empty when none was given).
    package var existing = IndexManifest()

    /// What to print, in order.
    package var printed: [Printed] = []
    /// The merged manifest to write to `Task.plan`'s `out`, atomically; nil: write nothing.
    package var manifestToWrite: String?
    package var status = Status.success

    mutating func out(_ text: String) { printed.append(Printed(stream: .out, text: text)) }
    mutating func error(_ text: String) { printed.append(Printed(stream: .error, text: text)) }
    mutating func fail(_ status: Status) { self.status = max(self.status, status) }
  }

  /// Plans the workload and words the result for `input.task`. A query file that is not UTF-8
  /// text stops the plan as `strict` does (its one problem is reported, nothing is planned or
  /// written): a plan without that file's queries would be wrong, and with `--prune` would remove
  /// the indexes they use. A source query Firestore refuses is a finding: the others are planned.
  package static func run(_ input: Input) -> Output {
    var output = Output(existingName: input.existing?.name)
    if case .listQueries = input.task, let workload = input.queryFiles.first {
      output.error(
        "flint: --list-queries reads app source (\(SourceFolderWalker.languageList) files or folders); "
          + "'\(workload.name)' is a workload file")
      output.fail(.usage)
      return output
    }
    if let file = input.existing {
      do {
        let read = try ManifestReader.read(bytes: file.bytes, file: file.name)
        output.existing = read.manifest
        output.warnings = read.warnings
      } catch {
        output.error(error.description)
        output.fail(.usage)
        return output
      }
    }
    read(input, into: &output)
    switch input.task {
    case .listQueries: listQueries(input, &output)
    case .reads(let store, let scale): reads(input, store: store, scale: scale, &output)
    case .check(let allowUnresolved): plan(input, &output) { check(input, allowUnresolved: allowUnresolved, &$0) }
    case .plan(let out): plan(input, &output) { write(input, out: out, &$0) }
    }
    return output
  }

  /// Reads the workload files and the source files into `output`.
  private static func read(_ input: Input, into output: inout Output) {
    for file in input.queryFiles {
      let read = WorkloadReader.read(bytes: file.bytes, file: file.name, bindings: input.bindings)
      output.queries += read.queries
      output.problems += read.problems
      if input.strict, !output.problems.isEmpty { break }
    }
    output.skipped = input.skippedSources
    if !input.sourceFiles.isEmpty, !(input.strict && !output.problems.isEmpty) {
      let read = SourceWorkload.read(input.sourceFiles, readsAll: input.readsAllSources)
      output.dead = Set(read.dead.map { $0 + output.queries.count })
      output.queries += read.queries
      output.problems += read.problems
      output.unresolved = read.unresolved
      output.invalid = read.invalid
      output.skipped += read.skipped
      output.extraction = read.extraction
    }
  }

  /// The lines every task but `--list-queries` prints on stderr before its result: manifest
  /// warnings, unresolved queries (capped), bad query lines.
  private static func preamble(_ input: Input, _ output: inout Output) {
    for warning in output.warnings { output.error("warning: \(warning)") }
    if !output.unresolved.isEmpty {
      output.error(SourceFindingsRenderer.unresolvedText(output.unresolved, shown: input.unresolvedShown))
    }
    if !output.problems.isEmpty { output.error(WorkloadProblemRenderer.text(output.problems)) }
  }

  private static func reads(_ input: Input, store: DocumentStore, scale: CollectionScale, _ output: inout Output) {
    preamble(input, &output)
    if !output.invalid.isEmpty { output.error(SourceFindingsRenderer.invalidText(output.invalid)) }
    skippedNote(&output)
    if output.problems.contains(where: \.notText) { return output.fail(.usage) }
    let report = WorkloadReads(output.queries, manifest: output.existing, store: store, scale: scale)
    output.out(input.format == .json ? report.json() : VisibleText.escapedLines(report.text()))
    for line in report.overBudgetLines() { output.error(VisibleText.escaped("flint: \(line)", keepingTabs: false)) }
    if !report.overBudget.isEmpty { output.fail(.failure) }
    if !output.invalid.isEmpty { output.fail(.failure) }
    if !output.problems.isEmpty { output.fail(.usage) }
  }

  /// Plans the queries read, then `finish` words the plan for the task. Bad lines stop what
  /// they must: a file that is not text (or `--strict`) stops the plan, any bad line the writing.
  private static func plan(_ input: Input, _ output: inout Output, finish: (inout Output) -> Void) {
    let problems = output.problems
    let unresolved = output.unresolved
    if (input.strict && !problems.isEmpty) || problems.contains(where: \.notText) {
      preamble(input, &output)
      skippedNote(&output)
      // A file that is not text gets its one error and nothing else.
      if !problems.contains(where: \.notText) {
        output.error("flint: nothing written: fix the query lines above (--strict)")
      }
      return output.fail(.usage)
    }
    // A line that failed to parse is a query the plan does not see: the plan is shown for the
    // others, but nothing is pruned (that query may use any index) and nothing is written.
    // An unresolved source query is one too: nothing is pruned (it is still written). A query
    // Firestore refuses uses no index: it changes nothing.
    var options = input.options
    if !problems.isEmpty || !unresolved.isEmpty { options.prune = false }
    if input.options.prune, problems.isEmpty, !unresolved.isEmpty {
      output.warnings.append(
        "nothing pruned: \(unresolved.count) source \(unresolved.count == 1 ? "query is" : "queries are") unresolved and may use any index"
      )
    }
    let plan = WorkloadOptimizer.plan(output.queries, existing: output.existing, options: options)
    output.plan = plan
    output.manifestText = problems.isEmpty ? ManifestWriter.text(plan.manifest) : nil
    finish(&output)
  }

  /// `--check`: the findings first (queries Firestore refuses, queries the manifest does not
  /// serve, with the index each needs), the verdict, then on stderr what was not checked.
  private static func check(_ input: Input, allowUnresolved: Bool, _ output: inout Output) {
    guard let plan = output.plan else { return }
    let queries = output.queries
    let json = input.format == .json
    if json {
      output.out(IndexPlanRenderer.json(plan, queries: queries, manifest: false, sources: sourcesJSON(output)))
    } else {
      output.out(
        SourceFindingsRenderer.invalidText(output.invalid)
          + IndexPlanRenderer.checkText(plan, queries: queries, manifest: output.existingName, dead: output.dead)
          + invalidVerdict(output.invalid))
    }
    preamble(input, &output)
    skippedNote(&output)
    for overrun in plan.overruns { output.error("flint: over budget: \(IndexPlanRenderer.overrunText(overrun))") }
    // Over budget alone is a warning (a project with billing may hold up to 1,000); it fails
    // the check only through the queries it leaves unserved.
    let unserved = plan.servedByExisting.enumerated().contains { !$0.element && !output.dead.contains($0.offset) }
    if unserved || !output.invalid.isEmpty { output.fail(.failure) }
    if !output.problems.isEmpty { return output.fail(.usage) }
    if output.status == .success, !output.unresolved.isEmpty, !allowUnresolved {
      let count = output.unresolved.count
      let listed = min(input.unresolvedShown ?? count, count)
      output.error(
        "flint: check failed: \(count) source \(count == 1 ? "query is" : "queries are") unresolved "
          + "(\(listed == count ? "listed above" : "\(listed) listed above")); fix them or pass --allow-unresolved")
      output.fail(.failure)
    }
  }

  /// Planning without `--check`: the merged manifest to stdout or to `out`, the plan beside it.
  private static func write(_ input: Input, out: String?, _ output: inout Output) {
    guard let plan = output.plan else { return }
    let queries = output.queries
    let json = input.format == .json
    let sources = sourcesJSON(output)
    preamble(input, &output)
    if !output.invalid.isEmpty { output.error(SourceFindingsRenderer.invalidText(output.invalid)) }
    skippedNote(&output)
    guard let manifestText = output.manifestText else {
      // Some line failed: the plan for the others, on stderr; no manifest anywhere, nothing pruned.
      output.error(
        json
          ? IndexPlanRenderer.json(plan, queries: queries, manifest: false, sources: sources)
          : IndexPlanRenderer.text(plan, queries: queries))
      output.error(
        "flint: nothing written\(input.options.prune ? " and nothing pruned" : ""): fix the query lines above "
          + "(the plan cannot see what those queries need)")
      return output.fail(.usage)
    }
    if let out {
      output.manifestToWrite = manifestText
      output.out(
        json
          ? IndexPlanRenderer.json(plan, queries: queries, manifest: false, sources: sources)
          : IndexPlanRenderer.text(plan, queries: queries) + "wrote \(out)\n")
    } else if json {
      output.out(IndexPlanRenderer.json(plan, queries: queries, manifest: true, sources: sources))
    } else {
      output.out(manifestText)
      output.error(IndexPlanRenderer.text(plan, queries: queries))
    }
    // The text plan on stderr already says it; elsewhere the plan is on stdout.
    if json || out != nil {
      for overrun in plan.overruns { output.error("flint: over budget: \(IndexPlanRenderer.overrunText(overrun))") }
    }
    if !output.invalid.isEmpty { output.fail(.failure) }
    // The budget failed the user only if it left a query unserved.
    if plan.isOverBudget && !plan.unserved.isEmpty { output.fail(.failure) }
  }
}
