import FirestoreModel
import IndexAdvisor
import SourceQueries

/// The job behind `flint indexes`: read workload files and the existing manifest, plan the
/// indexes within the budgets, and produce the merged manifest and the plan.
package struct IndexesJob: Sendable {
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
    /// Values of the workload files' variables (`request.auth` for `--auth`); others are unknown values
    /// (placeholders for the plan; `--reads` does not run the queries naming them).
    package var bindings: [String: Value] = [:]

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
    package var queries: [WorkloadQuery]
    /// The manifest text to write; nil when nothing may be written (some query line failed).
    package var manifestText: String?
    /// Bad query lines (`file:line:col: error: ...`), all of them (`problemText` caps them per file).
    package var problems: [WorkloadProblem]
    /// Accepted with a warning (legacy manifest format, comments).
    package var warnings: [String]
    /// The name of the existing manifest, if one was read.
    package var existingName: String?
    /// Queries of the source files that could not be resolved statically (not planned).
    package var unresolved: [UnresolvedQuery] = []
    /// The existing manifest as read (empty when none was given).
    package var existing = IndexManifest()
  }

  /// An existing manifest that is not valid: nothing is planned.
  package struct ManifestInvalid: Error, Sendable, CustomStringConvertible {
    package var error: JSONError
    package var description: String { "\(error.description)" }
  }

  /// Plans the workload. A query file that is not UTF-8 text stops the plan as `strict` does
  /// (its one problem is reported, nothing is planned or written): a plan without that file's
  /// queries would be wrong, and with `--prune` would remove the indexes they use.
  package static func run(_ input: Input) throws(ManifestInvalid) -> Output {
    var existing = IndexManifest()
    var warnings: [String] = []
    if let file = input.existing {
      do {
        let read = try ManifestReader.read(bytes: file.bytes, file: file.name)
        existing = read.manifest
        warnings = read.warnings
      } catch {
        throw ManifestInvalid(error: error)
      }
    }
    var queries: [WorkloadQuery] = []
    var problems: [WorkloadProblem] = []
    for file in input.queryFiles {
      let read = WorkloadReader.read(bytes: file.bytes, file: file.name, bindings: input.bindings)
      queries += read.queries
      problems += read.problems
      if input.strict, !problems.isEmpty { break }
    }
    var unresolved: [UnresolvedQuery] = []
    if !input.sourceFiles.isEmpty, !(input.strict && !problems.isEmpty) {
      let read = SourceWorkload.read(input.sourceFiles)
      queries += read.queries
      problems += read.problems
      unresolved = read.unresolved
    }
    if (input.strict && !problems.isEmpty) || problems.contains(where: \.notText) {
      var output = Output(
        plan: nil, queries: queries, manifestText: nil, problems: problems, warnings: warnings,
        existingName: input.existing?.name)
      output.unresolved = unresolved
      output.existing = existing
      return output
    }
    // A line that failed to parse is a query the plan does not see: the plan is shown for the
    // others, but nothing is pruned (that query may use any index) and nothing is written.
    // An unresolved source query is one too: nothing is pruned (it is still written).
    var options = input.options
    if !problems.isEmpty || !unresolved.isEmpty { options.prune = false }
    if input.options.prune, problems.isEmpty, !unresolved.isEmpty {
      warnings.append(
        "nothing pruned: \(unresolved.count) source \(unresolved.count == 1 ? "query is" : "queries are") unresolved and may use any index"
      )
    }
    let plan = WorkloadOptimizer.plan(queries, existing: existing, options: options)
    var output = Output(
      plan: plan, queries: queries, manifestText: problems.isEmpty ? ManifestWriter.text(plan.manifest) : nil,
      problems: problems, warnings: warnings, existingName: input.existing?.name)
    output.unresolved = unresolved
    output.existing = existing
    return output
  }
}
