import FirestoreModel
import RulesEngine
import RulesLanguage

/// Which of the two rulesets compared.
package enum RulesSide: String, Sendable {
  case old, new
}

/// A request one ruleset allows and the other denies, as the solver proposes it: the request and
/// the documents it needs stored. Unconfirmed until Flint's engine has decided it on both rulesets.
package struct Candidate: Sendable {
  /// The ruleset that allows it.
  package var allowedBy: RulesSide
  package var request: Request
  /// The documents stored before the request (its target and those the rules read; for Cloud
  /// Storage those `firestore.get()` reads).
  package var documents: [Document]
  /// Cloud Storage: the objects stored before the request (its target), by name.
  package var objects = ObjectStore()
  /// The service whose rules were compared.
  package var service: RulesService = .firestore
}

/// The answer for one match pattern and method.
package struct MatchComparison: Sendable {
  /// The pattern under the service's root (nested blocks joined), as written in NEW
  /// (or OLD when only OLD has it).
  package var match: String
  package var method: RequestMethod
  /// Confirmed witnesses: at most one that NEW allows and OLD denies, one the other way.
  package var witnesses: [Candidate]
  /// Whether "no difference" here is proved: both encodings exact and every solver answer definite.
  package var exact: Bool
}

/// Everything `flint diff` learns from the solver.
package struct ComparisonResult: Sendable {
  package var matches: [MatchComparison]
  /// The constructs approximated, per ruleset.
  package var approximations: [(side: RulesSide, approximation: Approximation)]
}

/// Compares two rulesets with Z3: for every match pattern (of either) and method, a request that
/// one allows and the other denies, if there is one on the paths of that pattern.
///
/// Candidates go through `confirm` (Flint's engine on both rulesets); one it rejects is blocked
/// and the solver asked again, a few times, so that only confirmed witnesses come back.
package struct RulesComparison {
  package var old: Ruleset
  package var new: Ruleset
  /// Per solver check, in milliseconds.
  package var timeoutMilliseconds: UInt32 = 5_000
  /// Per solver check, in Z3's units of work (see `Z3.defaultResourceLimit`).
  package var resourceLimit = Z3.defaultResourceLimit
  /// How many candidates to try per question before giving up (the answer is then incomplete).
  package var attempts = 4
  /// The whole comparison's time, in milliseconds: questions not asked by then are undecided (the
  /// answer is then incomplete), so no pair of files makes `flint diff` run unbounded.
  package var budgetMilliseconds = 60_000

  package init(old: Ruleset, new: Ruleset) {
    self.old = old
    self.new = new
  }

  package func compare(confirm: (Candidate) -> Bool) throws(Z3Unavailable) -> ComparisonResult {
    let z3 = try Z3(timeoutMilliseconds: timeoutMilliseconds, resourceLimit: resourceLimit)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .milliseconds(budgetMilliseconds))
    let oldBlocks = Array(old.scopes.matchBlocks)
    let newBlocks = Array(new.scopes.matchBlocks)
    var approximations: Set<SideApproximation> = []
    var results: [MatchComparison] = []
    // `DiffJob` refuses rulesets of two services; NEW's is the one compared.
    let service = new.service
    let maxRun = Self.longestRun(oldBlocks + newBlocks, service: service)
    for (key, display, version) in Self.patterns(newBlocks, new.version, oldBlocks, old.version, service) {
      let owners = (newBlocks + oldBlocks).filter { $0.shapeKey == key }
      let shapes = PathShape.shapes(
        of: owners[0].patternKinds, service: service, version: version, maxRun: maxRun, z3: z3)
      for method in RequestMethod.allCases
      where owners.contains(where: { $0.allows.contains { $0.methods.contains { method.isGranted(by: $0.method) } } }) {
        var comparison = MatchComparison(match: display, method: method, witnesses: [], exact: true)
        // A pattern outside the service's root (another database, a pattern not under
        // `documents` or `/b/{bucket}/o`) is not compared: nothing is proved about it.
        if shapes.isEmpty { comparison.exact = false }
        for shape in shapes where shape.admits(method) {
          // Only the blocks that can match this shape are encoded, over the names they use.
          let probe = RequestSymbols(z3: z3, universe: [], method: method, shape: shape)
          let applying = { (blocks: [ScopeModel.Block], version: RulesVersion) in
            blocks.filter { !shape.matches($0.patternKinds, version: version, method: method, symbols: probe).isEmpty }
          }
          let oldApplying = applying(oldBlocks, old.version)
          let newApplying = applying(newBlocks, new.version)
          // Written alike, decided alike: no question to ask.
          let oldRules = DecidingRules(oldApplying, in: old.scopes, method: method, version: old.version)
          let newRules = DecidingRules(newApplying, in: new.scopes, method: method, version: new.version)
          if oldRules == newRules { continue }
          let universe = KeyUniverse.of([oldRules, newRules])
          let symbols = RequestSymbols(z3: z3, universe: universe, method: method, shape: shape)
          let oldEncoder = ExpressionEncoder(symbols: symbols, ruleset: old)
          let newEncoder = ExpressionEncoder(symbols: symbols, ruleset: new)
          let oldAllows = oldEncoder.allows(oldApplying)
          let newAllows = newEncoder.allows(newApplying)
          for approximation in oldEncoder.approximations {
            approximations.insert(SideApproximation(side: .old, approximation))
          }
          for approximation in newEncoder.approximations {
            approximations.insert(SideApproximation(side: .new, approximation))
          }
          if !oldEncoder.approximations.isEmpty || !newEncoder.approximations.isEmpty { comparison.exact = false }
          for side in [RulesSide.new, .old] where !comparison.witnesses.contains(where: { $0.allowedBy == side }) {
            let question =
              side == .new ? z3.and([newAllows, z3.not(oldAllows)]) : z3.and([oldAllows, z3.not(newAllows)])
            switch ask(question, side: side, until: deadline, clock, symbols, confirm) {
            case .witness(let candidate): comparison.witnesses.append(candidate)
            case .none: break
            case .undecided: comparison.exact = false
            }
          }
        }
        if z3.failed { comparison.exact = false }
        results.append(comparison)
      }
    }
    if service.kind == .storage { Self.qualifyOverwrites(&results) }
    return ComparisonResult(
      matches: results,
      approximations: approximations.sorted().map { ($0.side, $0.approximation) })
  }

  private enum Answer {
    case witness(Candidate)
    case none
    /// Z3 gave up, or every candidate it proposed failed confirmation.
    case undecided
  }

  private func ask(
    _ question: Term, side: RulesSide, until deadline: ContinuousClock.Instant, _ clock: ContinuousClock,
    _ symbols: RequestSymbols, _ confirm: (Candidate) -> Bool
  ) -> Answer {
    let z3 = symbols.z3
    z3.startSolver()
    symbols.constraints().forEach(z3.assert)
    z3.assert(question)
    // Whether the question was narrowed beyond the blocking of refuted candidates: "no request"
    // is then not proved.
    var narrowed = false
    for _ in 0..<attempts {
      // What is left of the whole comparison's budget bounds each check; none left: undecided.
      let left = clock.now.duration(to: deadline).components
      let milliseconds = left.seconds * 1_000 + left.attoseconds / 1_000_000_000_000_000
      guard milliseconds > 0 else { return .undecided }
      z3.limitChecks(to: UInt32(clamping: milliseconds))
      switch z3.check() {
      case .unsatisfiable: return narrowed ? .undecided : .none
      case .unknown: return .undecided
      case .satisfiable:
        let extraction = WitnessExtraction(symbols: symbols)
        let candidate = extraction.candidate(allowedBy: side)
        if confirm(candidate) { return .witness(candidate.shrunk(confirm: confirm)) }
        if symbols.service.kind == .storage && symbols.method == .create && !candidate.objects.isEmpty {
          // An upload over a stored object is also read as an update (F1), which the question
          // does not encode: look for an upload to a free name instead.
          z3.assert(z3.not(symbols.storedObject.exists))
          narrowed = true
        } else {
          z3.assert(extraction.blockingClause())
        }
      }
    }
    return .undecided
  }

  /// The patterns to compare, NEW's first (in its source order), then those only OLD has; each with
  /// its display text and the language version of the file it was taken from.
  private static func patterns(
    _ newBlocks: [ScopeModel.Block], _ newVersion: RulesVersion, _ oldBlocks: [ScopeModel.Block],
    _ oldVersion: RulesVersion, _ service: RulesService
  ) -> [(key: String, display: String, version: RulesVersion)] {
    var seen: Set<String> = []
    var result: [(String, String, RulesVersion)] = []
    for (blocks, version) in [(newBlocks, newVersion), (oldBlocks, oldVersion)] {
      for block in blocks where !block.allows.isEmpty && seen.insert(block.shapeKey).inserted {
        result.append((block.shapeKey, display(block.patternKinds, service: service), version))
      }
    }
    return result
  }

  /// The pattern under the service's root (`/databases/{database}/documents`, `/b/{bucket}/o`)
  /// when it starts so, else in full.
  static func display(_ pattern: [MatchSegment.Kind], service: RulesService = .firestore) -> String {
    var segments = pattern
    if let root = service.rootLength(of: segments, wildcardsOnly: true) {
      segments.removeFirst(root)
    }
    return segments.isEmpty ? "/" : segments.map { "/" + MatchSegment($0).description }.joined()
  }

  /// How many segments a recursive wildcard takes at most: enough to reach every fixed pattern's
  /// depth and one level below (at least 2, at most 6).
  static func longestRun(_ blocks: [ScopeModel.Block], service: RulesService) -> Int {
    let deepest = blocks.map { $0.pattern.count - service.root.count }.max() ?? 0
    return min(6, max(2, deepest + 1))
  }

  /// Cloud Storage decides an upload over a stored object both as a create and as an update (F1),
  /// and the create question encodes only the first: "no difference" in `create` is proved only
  /// when every `update` (of any pattern, since the update reading may match another block) is
  /// proved the same too, or no ruleset grants one.
  private static func qualifyOverwrites(_ results: inout [MatchComparison]) {
    let updatesSame = results.allSatisfy { $0.method != .update || ($0.exact && $0.witnesses.isEmpty) }
    if updatesSame { return }
    for index in results.indices where results[index].method == .create { results[index].exact = false }
  }
}

/// An approximation and the ruleset it was made in.
struct SideApproximation: Hashable, Comparable {
  var side: RulesSide
  var approximation: Approximation

  init(side: RulesSide, _ approximation: Approximation) {
    self.side = side
    self.approximation = approximation
  }

  static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.side == .old ? 0 : 1, lhs.approximation) < (rhs.side == .old ? 0 : 1, rhs.approximation)
  }
}
