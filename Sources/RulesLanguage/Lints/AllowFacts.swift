/// What an `allow` statement grants, seen with its helpers inlined. Computed once per allow (a
/// class, so the lints share it by reference); the facts every lint asks about are worked out
/// in the initializer, in one walk of the condition.
final class AllowFacts {
  let statement: AllowStatement
  let match: LintModel.Match
  /// Index of `match` in `LintModel.matches`.
  let matchIndex: Int
  /// The inlined condition; nil for `allow read;` (always grants).
  let condition: Expr?
  /// The concrete methods granted (`read` is get + list, `write` create + update + delete).
  let methods: MethodSet
  let grantsWrite: Bool
  let grantsRead: Bool
  /// No condition, or the literal `true`.
  let isUnconditional: Bool
  /// The literal `false`: grants nothing.
  let isNever: Bool
  /// Only "someone is signed in" (`request.auth != null`, possibly repeated).
  let isSignedInOnly: Bool
  /// The test-mode date guard, if the condition is only `request.time < timestamp.date(...)`
  /// (optionally with a signed-in check).
  let testModeExpiry: TimeBomb.Expiry?
  /// Whether the condition calls one of the service's lookups (`get`/`exists`/`getAfter`/
  /// `existsAfter` in Firestore, `firestore.get`/`firestore.exists` in Storage), and `getAfter`.
  let performsLookup: Bool
  let callsGetAfter: Bool
  /// How many lookup calls the condition contains (an upper bound on distinct documents).
  let lookupCalls: Int

  /// `condition` is the statement's condition inlined (`LintModel.inlined`).
  init(
    _ statement: AllowStatement, in matchIndex: Int, match: LintModel.Match, condition: Expr?, service: RulesService
  ) {
    self.statement = statement
    self.match = match
    self.matchIndex = matchIndex
    self.condition = condition
    let methods = MethodSet(granting: statement.methods)
    self.methods = methods
    grantsWrite = !methods.isDisjoint(with: [.create, .update, .delete])
    grantsRead = !methods.isDisjoint(with: [.get, .list])
    isUnconditional = condition == nil || condition?.isTrueLiteral == true
    isNever = condition?.isFalseLiteral == true
    var lookups = 0
    var getAfter = false
    condition?.forEachNode { node in
      if let lookup = node.lookupCall(in: service) {
        lookups += 1
        if lookup.function == .getAfter { getAfter = true }
      }
    }
    lookupCalls = lookups
    performsLookup = lookups > 0
    callsGetAfter = getAfter
    guard let condition else {
      isSignedInOnly = false
      testModeExpiry = nil
      return
    }
    // One walk of the conjuncts: all signed-in checks, or signed-in checks and one date guard.
    var allSignedIn = true
    var expiry: TimeBomb.Expiry?
    var onlyGuard = true
    condition.forEachConjunct { conjunct in
      if conjunct.isSignedInCheck { return true }
      allSignedIn = false
      guard expiry == nil, let found = TimeBomb.expiry(conjunct) else {
        onlyGuard = false
        return false
      }
      expiry = found
      return true
    }
    isSignedInOnly = allSignedIn
    testModeExpiry = onlyGuard ? expiry : nil
  }

  /// Grants to anyone or anyone signed in, with nothing about the document or the user.
  var isWeak: Bool { isUnconditional || isSignedInOnly || testModeExpiry != nil }

  /// Who a weak allow grants to, for messages.
  var grantee: String { isSignedInOnly ? "any signed-in user" : "anyone" }

  /// The written method list, e.g. `read, write`.
  var methodText: String { statement.methods.map(\.method.rawValue).joined(separator: ", ") }

  /// Where to point: the method names.
  var methodsRange: SourceRange {
    guard let first = statement.methods.first, let last = statement.methods.last else { return statement.range }
    return first.range.union(last.range)
  }
}

extension LintModel {
  /// Every allow statement of every match, with its facts.
  func computeAllowFacts() -> [AllowFacts] {
    // Loops, not flatMap or Optional.map: a closure capturing `self` copies the whole model.
    var facts: [AllowFacts] = []
    let service = scopes.service
    for index in matches.indices {
      let match = matches[index]
      for allow in match.allows {
        var condition: Expr?
        if let written = allow.condition { condition = inlined(written, scope: match.scope) }
        facts.append(AllowFacts(allow, in: index, match: match, condition: condition, service: service))
      }
    }
    return facts
  }
}
