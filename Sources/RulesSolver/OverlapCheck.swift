import FirestoreModel
import RulesEngine
import RulesLanguage

/// A broad recursive match's allow that admits, for a method, a request a narrower match's allow
/// would deny: the narrow condition restricts nothing there (allows are OR-ed).
package struct OverlapFinding: Sendable {
  /// The narrow allow, which the warning is about.
  package var narrow: AllowStatement
  package var narrowPattern: String
  /// The broad allow that wins.
  package var broad: AllowStatement
  package var broadPattern: String
  /// The methods both name.
  package var methods: [RequestMethod]
  /// A request the broad allow grants and the narrow one does not, confirmed by the engine.
  package var example: Candidate
}

/// What the solver decided about one narrow allow.
package enum OverlapVerdict: Sendable {
  /// Every broad allow covering it implies its condition, for every shared method (proved).
  case silent
  /// A broad allow grants a request it denies.
  case overlap(OverlapFinding)
  /// Not decided: a solver timeout, the time or question budget spent, candidates the engine
  /// rejected, an approximated encoding or a pattern with no shape. The syntactic lint's answer stays.
  case undecided
}

/// The semantic `security.overlapping-allow`: for each allow of a non-recursive match and each
/// allow of a recursive match covering it with a shared method, Z3 looks for a request the broad
/// condition grants and the narrow one does not; silent when the broad condition implies the
/// narrow one. Each example is confirmed with Flint's engine (the broad allow grants it, the
/// narrow one does not). A broad allow that only a custom claim unlocks (an admin override) is
/// deliberate: the example must carry no custom claim.
package enum OverlapCheck {
  /// Whether Z3 can be loaded (else the syntactic lint stays).
  package static var isAvailable: Bool {
    if case .success = Z3Library.shared { return true }
    return false
  }

  /// At most this many solver questions per file (each limited to a second), so that no file makes
  /// `flint check` or the editor wait long; pairs beyond it are undecided.
  package static let questionBudget = 100
  /// The whole file's solver time, in milliseconds: questions past it are undecided.
  package static let budgetMilliseconds = 3_000

  /// Whether `file` has a pair to ask about: an allow with a condition in a non-recursive match
  /// covered by a recursive match's allow that can grant (not a constant `false`, the common
  /// deny-all `match /{document=**}`). Without one, Z3 is not loaded.
  package static func hasCandidates(_ file: RulesFile) -> Bool {
    let scopes = ScopeModel(file)
    let blocks = scopes.matchBlocks
    return blocks.contains { narrow in
      !narrow.isRecursive && narrow.allows.contains { $0.condition != nil }
        && blocks.contains { $0.isRecursiveTail && $0.covers(narrow) && !$0.grantingAllows(scopes).isEmpty }
    }
  }

  /// Whether the ruleset allows a request on the stored documents, as `flint test` decides it
  /// (the caller's; nil: Flint's engine evaluates it, a `list` as one request).
  package typealias Decider = (Request, DocumentStore) -> Bool

  /// The verdict on each allow (with a condition) of a non-recursive match that a recursive
  /// match covers, in source order.
  package static func findings(
    _ ruleset: Ruleset, budgetMilliseconds: Int = budgetMilliseconds, decides: Decider? = nil
  ) throws(Z3Unavailable) -> [(narrow: AllowStatement, verdict: OverlapVerdict)] {
    let scopes = ruleset.scopes
    let blocks = scopes.matchBlocks
    let broad = blocks.filter { $0.isRecursiveTail && !$0.grantingAllows(scopes).isEmpty }
    guard !broad.isEmpty else { return [] }
    let z3 = try Z3(timeoutMilliseconds: 1_000)
    let clock = ContinuousClock()
    var budget = Budget(questions: questionBudget, deadline: clock.now.advanced(by: .milliseconds(budgetMilliseconds)))
    var verdicts: [(narrow: AllowStatement, verdict: OverlapVerdict)] = []
    for narrow in blocks where !narrow.isRecursive {
      for narrowAllow in narrow.allows where narrowAllow.condition != nil {
        let covering = broad.filter { $0.covers(narrow) }
        guard !covering.isEmpty else { continue }
        var verdict = OverlapVerdict.silent
        search: for wide in covering {
          for wideAllow in wide.grantingAllows(scopes) {
            let methods = RequestMethod.allCases.filter { method in
              narrowAllow.methods.contains { method.isGranted(by: $0.method) }
                && wideAllow.methods.contains { method.isGranted(by: $0.method) }
            }
            for method in methods {
              switch example(
                method, narrow: (narrow, narrowAllow), wide: (wide, wideAllow), ruleset, z3, &budget, decides)
              {
              case .none: continue
              case .undecided: verdict = .undecided
              case .witness(let example):
                verdict = .overlap(
                  OverlapFinding(
                    narrow: narrowAllow, narrowPattern: RulesComparison.display(narrow.patternKinds),
                    broad: wideAllow, broadPattern: RulesComparison.display(wide.patternKinds), methods: methods,
                    example: example))
                break search
              }
            }
          }
        }
        verdicts.append((narrowAllow, verdict))
      }
    }
    return verdicts
  }

  /// What is left to ask: questions and time.
  private struct Budget {
    var questions: Int
    var deadline: ContinuousClock.Instant

    /// Takes one question; nil when none is left, else the milliseconds left for it.
    mutating func next() -> UInt32? {
      questions -= 1
      let left = ContinuousClock.now.duration(to: deadline).components
      let milliseconds = left.seconds * 1_000 + left.attoseconds / 1_000_000_000_000_000
      guard questions >= 0, milliseconds > 0 else { return nil }
      return UInt32(clamping: milliseconds)
    }
  }

  private enum Answer {
    case witness(Candidate)
    case none
    case undecided
  }

  private static func example(
    _ method: RequestMethod, narrow: (ScopeModel.Block, AllowStatement), wide: (ScopeModel.Block, AllowStatement),
    _ ruleset: Ruleset, _ z3: Z3, _ budget: inout Budget, _ decides: Decider?
  ) -> Answer {
    let shapes = PathShape.shapes(of: narrow.0.patternKinds, version: ruleset.version, maxRun: 1, z3: z3)
    var answer = shapes.isEmpty ? Answer.undecided : .none
    let wideBlock = wide.0.keeping([wide.1])
    let narrowBlock = narrow.0.keeping([narrow.1])
    // The names of the two conditions and the functions they call, as `flint diff` sizes a question.
    let universe = KeyUniverse.of([
      DecidingRules([wideBlock], in: ruleset.scopes, method: method, version: ruleset.version),
      DecidingRules([narrowBlock], in: ruleset.scopes, method: method, version: ruleset.version),
    ])
    for shape in shapes {
      guard let milliseconds = budget.next() else { return .undecided }
      let symbols = RequestSymbols(z3: z3, universe: universe, method: method, shape: shape)
      let encoder = ExpressionEncoder(symbols: symbols, ruleset: ruleset)
      let wideGrants = encoder.allows([wideBlock])
      let narrowGrants = encoder.allows([narrowBlock])
      z3.startSolver()
      z3.limitChecks(to: milliseconds)
      symbols.constraints().forEach(z3.assert)
      // A broad grant to holders of a custom claim (an admin) is deliberate, not an overlap: the
      // example must be a user with the standard claims only.
      for field in symbols.token.createdFields where !Expr.standardClaims.contains(field.key) {
        z3.assert(z3.not(field.present))
      }
      z3.assert(z3.eq(symbols.token.others, z3.int(0)))
      z3.assert(z3.and([wideGrants, z3.not(narrowGrants)]))
      // No request on this shape unless Z3 proves it on an exact encoding.
      var shapeAnswer = Answer.undecided
      attempts: for _ in 0..<3 {
        switch z3.check() {
        case .unsatisfiable:
          // Unknown values range over every value; a bounded encoding proves nothing.
          if !encoder.reliesOnBounds && !z3.failed { shapeAnswer = .none }
          break attempts
        case .unknown: break attempts
        case .satisfiable:
          let extraction = WitnessExtraction(symbols: symbols)
          let candidate = extraction.candidate(allowedBy: .new)
          if confirms(candidate, wide: wide.1, narrow: narrow.1, ruleset, decides) { return .witness(candidate) }
          z3.assert(extraction.blockingClause())
        }
      }
      if case .undecided = shapeAnswer { answer = .undecided }
    }
    return answer
  }

  /// Whether the engine lets the broad allow grant `candidate` and not the narrow one, and the
  /// ruleset allows it as `flint test` would (`decides`).
  private static func confirms(
    _ candidate: Candidate, wide: AllowStatement, narrow: AllowStatement, _ ruleset: Ruleset, _ decides: Decider?
  ) -> Bool {
    guard candidate.isReplayable else { return false }
    let store = DocumentStore(documents: candidate.documents)
    let decision = Evaluator(ruleset: ruleset, options: EvaluationOptions(traceLevel: .full)).evaluate(
      candidate.request, store: store)
    func grants(_ statement: AllowStatement) -> Bool {
      decision.trace.allows.contains {
        $0.range == statement.range && ($0.outcome == .granted || $0.alsoGrants != nil)
      }
    }
    let allowed = decides.map { $0(candidate.request, store) } ?? decision.allowed
    return allowed && grants(wide) && !grants(narrow)
  }
}

extension ScopeModel.Block {
  /// Whether the pattern has a recursive wildcard.
  var isRecursive: Bool { pattern.contains { $0.kind.isRecursiveWildcard } }

  /// The allows that can grant: not those whose condition is a constant that is not `true`.
  func grantingAllows(_ scopes: ScopeModel) -> [AllowStatement] {
    allows.filter { allow in
      allow.condition.map { !ConstantEncoding.neverGrants($0, in: index, of: scopes) } ?? true
    }
  }

  /// Whether the pattern ends in a recursive wildcard (and has no other).
  var isRecursiveTail: Bool {
    guard case .recursiveWildcard = pattern.last?.kind else { return false }
    return pattern.dropLast().allSatisfy { !$0.kind.isRecursiveWildcard }
  }

  /// Whether every path `other` (without recursive wildcards) matches is matched by this
  /// recursive-tail pattern.
  func covers(_ other: ScopeModel.Block) -> Bool {
    let prefix = pattern.dropLast().map(\.kind)
    guard other.pattern.count > prefix.count else { return false }
    for (b, n) in zip(prefix, other.patternKinds) {
      switch (b, n) {
      case (.wildcard, .wildcard), (.wildcard, .literal): continue
      case (.literal(let x), .literal(let y)) where x == y: continue
      default: return false
      }
    }
    return true
  }
}
