import FirestoreModel
import Queries
import RulesEngine
import RulesSolver

/// The job behind `flint diff OLD NEW`: what NEW allows that OLD denies and the reverse, per match
/// pattern and method, each difference shown by a witness request that Flint's engine has decided
/// on both rulesets (the solver's candidates that the engine does not confirm are never shown).
package enum DiffJob {
  /// The rules before and after the change, each a name (shown in messages) and its bytes; a
  /// front end reads them (`DiffInput.read`: a file, or `git:REF:path`).
  package struct Input: Sendable {
    package var old: (name: String, bytes: [UInt8])
    package var new: (name: String, bytes: [UInt8])

    package init(old: (name: String, bytes: [UInt8]), new: (name: String, bytes: [UInt8])) {
      self.old = old
      self.new = new
    }
  }

  package static func run(_ input: Input) throws(DiffProblem) -> DiffReport {
    let oldRules = try DiffInput.ruleset(name: input.old.name, bytes: input.old.bytes)
    let newRules = try DiffInput.ruleset(name: input.new.name, bytes: input.new.bytes)
    return try compare(old: oldRules, new: newRules)
  }

  /// The comparison of two compiled rulesets.
  package static func compare(old: Ruleset, new: Ruleset) throws(DiffProblem) -> DiffReport {
    guard old.service == new.service else {
      throw DiffProblem(
        "cannot compare rules of two services: OLD is \(old.service.title)'s (service \(old.service.name)), NEW is \(new.service.title)'s (service \(new.service.name))"
      )
    }
    let result: ComparisonResult
    do {
      result = try RulesComparison(old: old, new: new).compare { confirms($0, old: old, new: new) }
    } catch {
      throw DiffProblem(error.advice)
    }
    var changes: [DiffReport.Change] = []
    var unchanged: [DiffReport.Unchanged] = []
    for match in result.matches {
      if match.witnesses.isEmpty {
        unchanged.append(DiffReport.Unchanged(match: match.match, method: match.method, isProved: match.exact))
      } else {
        changes.append(DiffReport.Change(match: match.match, method: match.method, witnesses: match.witnesses))
      }
    }
    let complete = result.matches.allSatisfy(\.exact)
    var seen: Set<Approximation> = []
    let unsupported = result.approximations.filter { seen.insert($0.approximation).inserted }.map {
      DiffReport.Unsupported(side: $0.side, line: $0.approximation.line, construct: $0.approximation.construct)
    }
    return DiffReport(changes: changes, unchanged: unchanged, complete: complete, unsupported: unsupported)
  }

  /// Whether Flint's engine decides `candidate` as claimed: allowed by one ruleset, denied by the
  /// other, and a request a suite can replay (no create of a stored document, no update of a missing one).
  package static func confirms(_ candidate: Candidate, old: Ruleset, new: Ruleset) -> Bool {
    guard candidate.isReplayable else { return false }
    let store = DocumentStore(documents: candidate.documents)
    let request = candidate.request
    let allowedByOld = decides(request, old, store, objects: candidate.objects)
    let allowedByNew = decides(request, new, store, objects: candidate.objects)
    return candidate.allowedBy == .new ? allowedByNew && !allowedByOld : allowedByOld && !allowedByNew
  }

  /// The engine's decision, as `flint test` makes it (a Firestore `list` through the query proof;
  /// a Cloud Storage request against `objects`, every open reading allowing, F1/F5/F6).
  package static func decides(
    _ request: Request, _ ruleset: Ruleset, _ store: DocumentStore, objects: ObjectStore = ObjectStore()
  ) -> Bool {
    let options = EvaluationOptions(traceLevel: .none)
    if ruleset.service.kind == .storage {
      return Evaluator(ruleset: ruleset, options: options).evaluate(request, objects: objects, documents: store).allowed
    }
    if request.method == .list {
      return SuiteRunner(options: options).decideList(SuiteRequest(request: request), ruleset: ruleset, store: store)
        .allowed
    }
    return Evaluator(ruleset: ruleset, options: options).evaluate(request, store: store).allowed
  }
}
