import FirestoreModel
import IndexAdvisor

/// The job behind `flint indexes`: read workload files and the existing manifest, plan the
/// indexes within the budgets, and produce the merged manifest and the plan.
public struct IndexesJob: Sendable {
  public struct Input: Sendable {
    /// Workload files: name and bytes (a file that is not UTF-8 text is refused, see `run`).
    public var queryFiles: [(name: String, bytes: [UInt8])]
    /// The existing manifest (name and bytes), if any.
    public var existing: (name: String, bytes: [UInt8])?
    public var options: PlanOptions
    /// Stop at the first bad query line (nothing is planned or written).
    public var strict: Bool

    public init(
      queryFiles: [(name: String, bytes: [UInt8])], existing: (name: String, bytes: [UInt8])?, options: PlanOptions,
      strict: Bool = false
    ) {
      self.queryFiles = queryFiles
      self.existing = existing
      self.options = options
      self.strict = strict
    }
  }

  public struct Output: Sendable {
    public var plan: IndexPlan?
    /// The valid queries of the workload, in file order.
    public var queries: [WorkloadQuery]
    /// The manifest text to write; nil when nothing may be written (some query line failed).
    public var manifestText: String?
    /// Bad query lines (`file:line:col: error: ...`), all of them (`problemText` caps them per file).
    public var problems: [WorkloadProblem]
    /// Accepted with a warning (legacy manifest format, comments).
    public var warnings: [String]
    /// The name of the existing manifest, if one was read.
    public var existingName: String?
  }

  /// An existing manifest that is not valid: nothing is planned.
  public struct ManifestInvalid: Error, Sendable, CustomStringConvertible {
    public var error: JSONError
    public var description: String { "\(error.description)" }
  }

  /// Plans the workload. A query file that is not UTF-8 text stops the plan as `strict` does
  /// (its one problem is reported, nothing is planned or written): a plan without that file's
  /// queries would be wrong, and with `--prune` would remove the indexes they use.
  public static func run(_ input: Input) throws(ManifestInvalid) -> Output {
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
      let read = WorkloadReader.read(bytes: file.bytes, file: file.name)
      queries += read.queries
      problems += read.problems
      if input.strict, !problems.isEmpty { break }
    }
    if (input.strict && !problems.isEmpty) || problems.contains(where: \.notText) {
      return Output(
        plan: nil, queries: queries, manifestText: nil, problems: problems, warnings: warnings,
        existingName: input.existing?.name)
    }
    // A line that failed to parse is a query the plan does not see: the plan is shown for the
    // others, but nothing is pruned (that query may use any index) and nothing is written.
    var options = input.options
    if !problems.isEmpty { options.prune = false }
    let plan = WorkloadOptimizer.plan(queries, existing: existing, options: options)
    return Output(
      plan: plan, queries: queries, manifestText: problems.isEmpty ? ManifestWriter.text(plan.manifest) : nil,
      problems: problems, warnings: warnings, existingName: input.existing?.name)
  }
}
