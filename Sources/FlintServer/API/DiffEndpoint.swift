import FirestoreModel
import FlintKit
import RulesEngine
import Synchronization

/// `POST /api/diff`: `{"ref": "HEAD"?, "rules": text?}` → `flint diff git:REF:RULES RULES --format
/// json`'s report, comparing the project's rules file as committed in REF (`CommittedFile`, read
/// through git in the file's folder) with the page's text (else the file on disk): what each match
/// and method newly allows or denies, each change with its confirmed witness (`DiffJob`). Each
/// witness also carries `load`, the Request panel's inputs that replay it (`WitnessLoad`), or
/// `loadProblem` saying why it has none; the answer adds `ref` and `old` (the file compared).
///
/// No git, not a repository, an unknown revision or the file not in it: 422 with git's message; a
/// revision git could read as an option is refused before git runs. The solver's own bounds hold
/// (`RulesComparison`: 5 s per question, 60 s in all), and one diff runs at a time: another call
/// meanwhile is a 429.
enum DiffEndpoint {
  /// The largest committed rules file read.
  static let maxCommittedSize = 4 << 20

  static let running = Atomic(false)

  static func answer(_ body: APIBody, project: ServedProject) throws(APIProblem) -> APIResponse {
    try body.allowOnly(["ref", "rules"])
    let ref = try body.optionalString("ref") ?? "HEAD"
    if let problem = CommittedFile.refProblem(ref) { throw .invalid(problem) }
    guard let path = project.rules else { throw .invalid("firebase.json names no Firestore rules file to compare") }
    let new = try project.ruleset(edited: try body.optionalString("rules"))
    let oldName = "\(ref):\(path)"
    let old: Ruleset
    do {
      let bytes = try CommittedFile.read(path, at: ref, limit: maxCommittedSize)
      old = try DiffInput.ruleset(name: oldName, bytes: bytes)
    } catch {
      throw .invalid(error.isRendered ? "the rules in \(ref) do not compile:\n\(error.message)" : error.message)
    }
    guard running.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
      throw APIProblem(429, "a diff is running already: run this one when it ends")
    }
    defer { running.store(false, ordering: .releasing) }
    let report: DiffReport
    do {
      report = try DiffJob.compare(old: old, new: new)
    } catch {
      throw .invalid(error.message)
    }
    return answer(report, ref: ref, old: oldName, database: project.database)
  }

  /// The CLI's JSON with `ref`, `old`, and each witness's `load` (or `loadProblem`).
  static func answer(_ report: DiffReport, ref: String, old: String, database: String) -> APIResponse {
    let text = DiffRenderer.json(report)
    guard var root = (try? JSONParser.parse(text))?.objectValue, case .array(var changes)? = root["changes"] else {
      return .ok(text)
    }
    for (index, change) in report.changes.enumerated() where index < changes.count {
      guard var shown = changes[index].objectValue, case .array(var witnesses)? = shown["witnesses"] else { continue }
      for (position, candidate) in change.witnesses.enumerated() where position < witnesses.count {
        guard var witness = witnesses[position].objectValue else { continue }
        switch WitnessLoad.json(candidate, database: database) {
        case .success(let load): witness["load"] = load
        case .failure(let problem): witness["loadProblem"] = .string(problem.reason)
        }
        witnesses[position] = .object(witness)
      }
      shown["witnesses"] = .array(witnesses)
      changes[index] = .object(shown)
    }
    root["changes"] = .array(changes)
    let members: [(String, JSONValue)] = [("ref", .string(ref)), ("old", .string(old))]
    return .ok(JSONValue.object(members + root.members.map { ($0.key, $0.value) }))
  }
}
