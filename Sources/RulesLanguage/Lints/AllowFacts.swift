/// What an `allow` statement grants, seen with its helpers inlined.
struct AllowFacts {
  let statement: AllowStatement
  let match: LintModel.Match
  /// Index of `match` in `LintModel.matches`.
  let matchIndex: Int
  /// The inlined condition; nil for `allow read;` (always grants).
  let condition: Expr?

  init(_ statement: AllowStatement, in matchIndex: Int, model: LintModel) {
    self.statement = statement
    self.match = model.matches[matchIndex]
    self.matchIndex = matchIndex
    self.condition = statement.condition.map { model.inlined($0, scope: model.matches[matchIndex].scope) }
  }

  /// The concrete methods granted (`read` is get + list, `write` create + update + delete).
  var methods: Set<Method> { Set(statement.methods.flatMap { $0.method.requestMethods }) }

  var grantsWrite: Bool { !methods.isDisjoint(with: [.create, .update, .delete]) }
  var grantsRead: Bool { !methods.isDisjoint(with: [.get, .list]) }

  /// No condition, or the literal `true`.
  var isUnconditional: Bool { condition == nil || condition?.isTrueLiteral == true }

  /// The literal `false`: grants nothing.
  var isNever: Bool { condition?.isFalseLiteral == true }

  /// Only "someone is signed in" (`request.auth != null`, possibly repeated).
  var isSignedInOnly: Bool {
    guard let condition else { return false }
    return condition.conjuncts.allSatisfy(\.isSignedInCheck)
  }

  /// The test-mode date guard, if the condition is only `request.time < timestamp.date(...)`
  /// (optionally with a signed-in check).
  var testModeExpiry: TimeBomb.Expiry? {
    guard let condition else { return nil }
    var expiry: TimeBomb.Expiry?
    for conjunct in condition.conjuncts {
      if conjunct.isSignedInCheck { continue }
      guard expiry == nil, let found = TimeBomb.expiry(conjunct) else { return nil }
      expiry = found
    }
    return expiry
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
    matches.indices.flatMap { index in matches[index].block.allows.map { AllowFacts($0, in: index, model: self) } }
  }
}
