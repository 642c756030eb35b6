import FirestoreModel
import IndexAdvisor
import Queries

/// Where the index advisor plugs into the session: the per-query index line, `:indexes`
/// (the plan for every query run so far) and `:save indexes FILE` (the merged manifest,
/// written atomically, exactly as `flint indexes --out` writes it).
enum IndexAdvice {
  /// `:indexes`: the composite indexes and overrides the session's queries need, and
  /// whether the manifest serves them.
  static func report(
    for queries: [(String, NormalizedQuery)], manifest: WatchedFile?, bytes: [UInt8]?,
    database: String = DatabaseID.default
  ) -> String {
    guard !queries.isEmpty else { return "no queries yet: run a query, then :indexes\n" }
    let existing: IndexManifest
    switch read(manifest, bytes) {
    case .success(let read): existing = read
    case .failure(let problem): return problem.message
    }
    let workload = workloadQueries(queries)
    let plan = WorkloadOptimizer.plan(workload, existing: existing)
    var out = "manifest: \(manifest?.display ?? "none (only automatic indexes)")\n"
    for (q, serving) in plan.existingServings.enumerated() {
      let lines = IndexLineRenderer.text(
        serving, manifest: manifest?.display, project: ProjectID.placeholder, database: database, backendMessage: false)
      out += "\(workload[q].place): \(workload[q].text)\n"
      out += lines.split(separator: "\n").map { "   \($0)\n" }.joined()
    }
    out += IndexPlanRenderer.text(plan, queries: workload, wording: .session)
    return out
  }

  /// `:save indexes FILE`: the manifest merged with what the queries need, written atomically.
  static func save(_ queries: [(String, NormalizedQuery)], manifest: WatchedFile?, bytes: [UInt8]?, to path: String)
    -> String
  {
    let existing: IndexManifest
    switch read(manifest, bytes) {
    case .success(let read): existing = read
    case .failure(let problem): return problem.message
    }
    let plan = WorkloadOptimizer.plan(workloadQueries(queries), existing: existing)
    do {
      try AtomicFile.write(ManifestWriter.text(plan.manifest), to: path)
    } catch {
      return "error: \(error.message); nothing written\n"
    }
    let added = plan.added.count + plan.overrides.count
    return "wrote \(path): \(plan.compositeCount) composite index\(plan.compositeCount == 1 ? "" : "es"), "
      + "\(plan.overrideCount) field override\(plan.overrideCount == 1 ? "" : "s") (\(added) added, every existing entry kept)\n"
  }

  /// The per-query lines naming the index needed and whether the manifest has it (the first
  /// line unindented; later lines indented to sit under it).
  static func neededLine(
    for query: NormalizedQuery, manifest: WatchedFile?, bytes: [UInt8]?, database: String = DatabaseID.default
  ) -> String? {
    guard case .success(let existing) = read(manifest, bytes) else {
      return "index: the manifest is invalid (:indexes shows why)"
    }
    let serving = ServingCheck(existing).serving(query)
    let text = IndexLineRenderer.text(
      serving, manifest: manifest?.display, project: ProjectID.placeholder, database: database)
    return text.split(separator: "\n").joined(separator: "\n  ")
  }

  static func read(_ manifest: WatchedFile?, _ bytes: [UInt8]?) -> Result<IndexManifest, ManifestUnreadable> {
    guard let bytes else { return .success(IndexManifest()) }
    do {
      return .success(
        try ManifestReader.read(bytes: bytes, file: manifest?.display ?? "firestore.indexes.json").manifest)
    } catch {
      return .failure(ManifestUnreadable("error: \(error.description)\n"))
    }
  }

  private static func workloadQueries(_ queries: [(String, NormalizedQuery)]) -> [WorkloadQuery] {
    queries.enumerated().map { WorkloadQuery(file: "session", line: $0 + 1, text: $1.0, query: $1.1) }
  }
}

/// A manifest that could not be read: the message to print.
struct ManifestUnreadable: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
