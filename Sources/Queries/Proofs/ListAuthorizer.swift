import FirestoreModel
import RulesEngine
import RulesLanguage

/// Decides `list` requests (queries, including aggregation queries) against a ruleset the
/// way Firestore does: "rules are not filters" (rules-semantics §7). The query is allowed iff for every
/// branch of its filters (DNF, with `in`/`array-contains-any` split per value) some `list`
/// (or `read`) allow of a block covering the queried collection is true for **every**
/// document the branch could return, proved from the filters with `resource` symbolic.
/// Stored documents never matter, except those `get()`/`exists()` read at concrete paths.
///
/// Whatever cannot be proved is denied, with the predicate that could not be proved and
/// a suggested query change.
package struct ListAuthorizer: Sendable {
  package var ruleset: Ruleset {
    didSet { matchCache = QueryMatchCache() }
  }
  /// The documents `get()`/`exists()` read.
  package var store: DocumentStore
  package var limits: EvaluationLimits
  /// The blocks covering each scope queried so far (for `ruleset`; shared by copies).
  private var matchCache = QueryMatchCache()

  package init(ruleset: Ruleset, store: DocumentStore = DocumentStore(), limits: EvaluationLimits = .standard) {
    self.ruleset = ruleset
    self.store = store
    self.limits = limits
  }

  /// Proves (or fails to prove) `query` for a user (`auth`, nil when signed out) at `time`.
  package func authorize(
    _ query: NormalizedQuery, auth: Auth?, time: Timestamp = Timestamp(seconds: 0),
    database: String = DatabaseID.default
  ) -> ListProof {
    let blocks = matchCache.blocks(.init(scope: query.scope, database: database)) {
      switch query.scope {
      case .collection(let path):
        return CoveringBlocks(
          collectionPath: path, matches: ruleset.queryMatches(collection: path, database: database),
          requestText: "list /databases/\(database)/documents/\(path)")
      case .collectionGroup(let id, let parent):
        let collectionPath = ResourcePath(segments: [id])
        return CoveringBlocks(
          collectionPath: collectionPath,
          matches: ruleset.queryMatches(
            collection: collectionPath, collectionGroup: true, parent: parent, database: database),
          requestText: "list collectionGroup \(id)" + (parent.segments.isEmpty ? "" : " under /\(parent)"))
      }
    }
    let collectionPath = blocks.collectionPath
    let matches = blocks.matches
    var proof = ListProof(
      allowed: false, request: blocks.requestText, matches: blocks.patterns, branches: [], limitBreach: nil,
      notes: [])
    let description = QueryDescription(query)
    let makeRequest = {
      Request(
        method: .list, path: collectionPath, database: database, auth: auth, time: time,
        query: description, isCollectionGroup: query.scope.isCollectionGroup)
    }

    guard let branches = ProofBranch.expand(query.branches), !branches.isEmpty else {
      proof.notes.append("the query's filters could not be split into branches; denied")
      return proof
    }
    let candidates = blocks.candidates
    let evaluator = ProofEvaluator(
      ruleset: ruleset, store: store, database: database, auth: auth, query: description, request: makeRequest,
      limits: limits,
      constraints: BranchConstraints(branch: branches[0], scope: query.scope))

    for (index, branch) in branches.enumerated() {
      if index > 0 { evaluator.constraints = BranchConstraints(branch: branch, scope: query.scope) }
      var result = BranchProof(branch: branch, granted: false, attempts: [])
      for candidate in candidates {
        do {
          let attempt = try attempt(candidate.allow, in: candidate.match, evaluator)
          result.attempts.append(attempt)
          if attempt.outcome == .granted {
            result.granted = true
            break
          }
        } catch {
          proof.limitBreach = error.message
          break
        }
      }
      proof.branches.append(result)
      if proof.limitBreach != nil { break }
    }
    proof.allowed = proof.limitBreach == nil && proof.branches.allSatisfy(\.granted)
    if !proof.allowed { proof.notes += notes(query, matches: matches, database: database) }
    return proof
  }

  /// Evaluates one allow against the evaluator's current branch.
  private func attempt(_ allow: Ruleset.QueryAllow, in match: Ruleset.QueryMatch, _ evaluator: ProofEvaluator)
    throws(EvalError) -> AllowAttempt
  {
    let statement = allow.statement
    var attempt = AllowAttempt(
      pattern: match.pattern, line: allow.line, methods: statement.methods.map(\.method), range: statement.range,
      conditionRange: statement.condition?.range, outcome: .granted, obstacles: [])
    guard let condition = statement.condition else { return attempt }
    evaluator.steps = 0
    evaluator.obstacles = []
    evaluator.logicStack = []
    evaluator.negated = false
    evaluator.callStack = []
    let scope = ProofScope(
      wildcards: match.bindings, visibleWildcards: match.bindings.count, functionScope: match.functionScope)
    let truth = try evaluator.condition(condition, scope)
    if let breach = evaluator.limitBreach { throw breach }
    switch truth {
    case .true: attempt.outcome = .granted
    case .false: attempt.outcome = .denied
    case .error(let error): attempt.outcome = .error(error.message)
    case .unknown: attempt.outcome = .unprovable
    }
    if !truth.isTrue {
      if evaluator.obstacles.isEmpty { evaluator.recordLeaf(condition, truth) }
      attempt.obstacles = Self.unique(evaluator.obstacles.map(\.obstacle))
      attempt.recorded = evaluator.obstacles
    }
    return attempt
  }

  /// `obstacles` without repeats, first occurrences in order (a linear scan for the usual
  /// handful, a set past that).
  static func unique(_ obstacles: [ProofObstacle]) -> [ProofObstacle] {
    if obstacles.count <= 16 {
      var out: [ProofObstacle] = []
      for obstacle in obstacles where !out.contains(obstacle) { out.append(obstacle) }
      return out
    }
    var seen = Set<ProofObstacle>()
    return obstacles.filter { seen.insert($0).inserted }
  }

  private func notes(_ query: NormalizedQuery, matches: [Ruleset.QueryMatch], database: String) -> [String] {
    var notes: [String] = []
    if matches.isEmpty {
      if query.scope.isCollectionGroup {
        notes.append(
          "no match block covers every '\(query.scope.collectionID)' collection: a collection-group query needs rules_version = '2' and a block like match /{path=**}/\(query.scope.collectionID)/{id}"
        )
      } else {
        var note = "no match block covers the documents of /\(query.scope.basePath)"
        if let nearest = ruleset.nearestMatch(collection: query.scope.basePath, database: database) {
          note += "; " + nearest.closest(source: ruleset.source)
        }
        notes.append(note)
      }
    } else if matches.allSatisfy({ $0.allows.isEmpty }) {
      notes.append("the matching blocks have no allow statement for list (or read)")
    }
    if query.projection != nil || !query.aggregations.isEmpty {
      notes.append(
        "access is decided per whole document: a select(...) projection or an aggregation does not narrow what the rules require"
      )
    }
    return notes
  }
}
