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
  /// `flint check` or the editor wait long; pairs beyond it are not examined.
  package static let questionBudget = 100

  package static func findings(_ ruleset: Ruleset) throws(Z3Unavailable) -> [OverlapFinding] {
    let blocks = FlatBlock.blocks(of: ruleset.file)
    let broad = blocks.filter { $0.isRecursiveTail }
    guard !broad.isEmpty else { return [] }
    let z3 = try Z3(timeoutMilliseconds: 1_000)
    var questions = 0
    let universe = KeyUniverse.of(blocks, functions: KeyUniverse.functions(of: ruleset.file))
    var found: [OverlapFinding] = []
    for narrow in blocks
    where !narrow.pattern.contains(where: { if case .recursiveWildcard = $0 { true } else { false } }) {
      for narrowAllow in narrow.allows where narrowAllow.condition != nil {
        search: for wide in broad where wide.covers(narrow) {
          for wideAllow in wide.allows {
            let methods = RequestMethod.allCases.filter { method in
              narrowAllow.methods.contains { method.isGranted(by: $0.method) }
                && wideAllow.methods.contains { method.isGranted(by: $0.method) }
            }
            for method in methods {
              questions += 1
              if questions > questionBudget { return found }
              guard
                let example = self.example(
                  method, narrow: (narrow, narrowAllow), wide: (wide, wideAllow), ruleset, universe, z3)
              else { continue }
              found.append(
                OverlapFinding(
                  narrow: narrowAllow, narrowPattern: RulesComparison.display(narrow.pattern), broad: wideAllow,
                  broadPattern: RulesComparison.display(wide.pattern), methods: methods, example: example))
              break search
            }
          }
        }
      }
    }
    return found
  }

  private static func example(
    _ method: RequestMethod, narrow: (FlatBlock, AllowStatement), wide: (FlatBlock, AllowStatement),
    _ ruleset: Ruleset, _ universe: [String], _ z3: Z3
  ) -> Candidate? {
    for shape in PathShape.shapes(of: narrow.0.pattern, version: ruleset.version, maxRun: 1, z3: z3) {
      let symbols = RequestSymbols(z3: z3, universe: universe, method: method, shape: shape)
      let encoder = ExpressionEncoder(symbols: symbols, ruleset: ruleset)
      let wideGrants = encoder.allows([
        FlatBlock(pattern: wide.0.pattern, allows: [wide.1], functions: wide.0.functions)
      ])
      let narrowGrants = encoder.allows([
        FlatBlock(pattern: narrow.0.pattern, allows: [narrow.1], functions: narrow.0.functions)
      ])
      z3.startSolver()
      symbols.constraints().forEach(z3.assert)
      // A broad grant to holders of a custom claim (an admin) is deliberate, not an overlap: the
      // example must be a user with the standard claims only.
      let standard: Set<String> = ["sub", "user_id", "firebase", "email", "email_verified", "name", "phone_number"]
      for field in symbols.token.createdFields where !standard.contains(field.key) { z3.assert(z3.not(field.present)) }
      z3.assert(z3.eq(symbols.token.others, z3.int(0)))
      z3.assert(z3.and([wideGrants, z3.not(narrowGrants)]))
      for _ in 0..<3 {
        guard z3.check() == .satisfiable else { break }
        let extraction = WitnessExtraction(symbols: symbols)
        let candidate = extraction.candidate(allowedBy: .new)
        if confirms(candidate, wide: wide.1, narrow: narrow.1, ruleset) { return candidate }
        z3.assert(extraction.blockingClause())
      }
    }
    return nil
  }

  /// Whether the engine lets the broad allow grant `candidate` and not the narrow one.
  private static func confirms(_ candidate: Candidate, wide: AllowStatement, narrow: AllowStatement, _ ruleset: Ruleset)
    -> Bool
  {
    let store = DocumentStore(documents: candidate.documents)
    let stored = store.document(at: candidate.request.path) != nil
    if candidate.request.method == .create && stored || candidate.request.method == .update && !stored { return false }
    let decision = Evaluator(ruleset: ruleset, options: EvaluationOptions(traceLevel: .full)).evaluate(
      candidate.request, store: store)
    func grants(_ statement: AllowStatement) -> Bool {
      decision.trace.allows.contains {
        $0.range == statement.range && ($0.outcome == .granted || $0.alsoGrants != nil)
      }
    }
    return decision.allowed && grants(wide) && !grants(narrow)
  }
}

extension FlatBlock {
  /// Whether the pattern ends in a recursive wildcard (and has no other).
  var isRecursiveTail: Bool {
    guard case .recursiveWildcard = pattern.last else { return false }
    return pattern.dropLast().allSatisfy { if case .recursiveWildcard = $0 { false } else { true } }
  }

  /// Whether every path `other` (without recursive wildcards) matches is matched by this
  /// recursive-tail pattern.
  func covers(_ other: FlatBlock) -> Bool {
    let prefix = pattern.dropLast()
    guard other.pattern.count > prefix.count else { return false }
    for (b, n) in zip(prefix, other.pattern) {
      switch (b, n) {
      case (.wildcard, .wildcard), (.wildcard, .literal): continue
      case (.literal(let x), .literal(let y)) where x == y: continue
      default: return false
      }
    }
    return true
  }
}
