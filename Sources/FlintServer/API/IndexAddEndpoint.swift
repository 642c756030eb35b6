import FirestoreModel
import FlintKit
import IndexAdvisor
import Synchronization

/// `POST /api/indexes/add`: `{"query": DSL text}` → the one write the page makes, and only when
/// asked: the index the query needs merged into the project's manifest (`IndexesJob`, as `flint
/// indexes QUERIES --out MANIFEST` plans and merges: every existing entry kept), written
/// atomically (`AtomicFile`). Answers `{"written": path, "plan": {...}}` (the plan's `added`
/// lists what was new); when the manifest already serves the query nothing is written and
/// `written` is null. One write at
/// a time: two pages adding at once each see the other's index.
enum IndexAddEndpoint {
  static let writing = Mutex(())

  static func answer(_ body: APIBody, project: ServedProject) throws(APIProblem) -> APIResponse {
    try body.allowOnly(["query"])
    let query = try body.string("query")
    return try writing.withLock { _ throws(APIProblem) in try add(query, project: project) }
  }

  static func add(_ query: String, project: ServedProject) throws(APIProblem) -> APIResponse {
    guard let manifestPath = project.indexes else {
      throw .invalid("firebase.json names no index manifest (\"firestore\": {\"indexes\": ...})")
    }
    let existing = FileKind.isFile(manifestPath) ? (manifestPath, try project.read(manifestPath)) : nil
    // One line of a workload file is one query: a query pasted over several lines is one line.
    let line = query.split(whereSeparator: \.isNewline).joined(separator: " ")
    var input = IndexesJob.Input(
      queryFiles: [("query", Array(line.utf8))], existing: existing, options: PlanOptions(), strict: true)
    input.task = .plan(out: manifestPath)
    input.format = .json
    let output = IndexesJob.run(input)
    guard let text = output.manifestToWrite else {
      let said = output.printed.filter { $0.stream == .error }.map(\.text).joined(separator: "\n")
      throw .invalid(said.isEmpty ? "nothing to write" : said)
    }
    let plan = output.printed.first { $0.stream == .out }.flatMap { try? JSONParser.parse($0.text) } ?? .null
    // Served already: the file is left as it is (the writer's layout may differ from the user's).
    guard let planned = output.plan, !planned.added.isEmpty || !planned.overrides.isEmpty else {
      return .ok(JSONValue.object([("written", .null), ("plan", plan)]))
    }
    do {
      try AtomicFile.write(text, to: manifestPath)
    } catch {
      throw APIProblem(500, "cannot write \(manifestPath): \(error.description)")
    }
    return .ok(JSONValue.object([("written", .string(manifestPath)), ("plan", plan)]))
  }
}
