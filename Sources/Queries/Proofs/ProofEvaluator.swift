import FirestoreModel
import RulesEngine
import RulesLanguage

/// The variables an expression sees during a proof: the match's wildcards (nil where the
/// query does not fix them), the current function's parameters and `let`s, and the
/// function scope calls resolve from.
struct ProofScope {
  var wildcards: [(name: String, value: RulesValue?)]
  /// How many wildcards (from the first) are visible here.
  var visibleWildcards: Int
  var locals: [(name: String, value: ProofValue)] = []
  var functionScope: Int

  /// Whether `name` is a local or a visible wildcard (so it shadows globals and namespaces).
  func binds(_ name: String) -> Bool {
    locals.contains { $0.name == name } || wildcards.prefix(visibleWildcards).contains { $0.name == name }
  }
}

/// A three-valued evaluator of rules expressions for `list` requests (rules-semantics §6.5, §7.3):
/// `resource` is the queried document, known only through one branch's constraints;
/// everything else (`request`, wildcards bound by the collection path, `get()` of paths that
/// do not depend on `resource`) is concrete and evaluated with the engine's `Operators` and
/// `Builtins`. `&&`/`||` absorb errors as the engine does; an unknown is treated like an
/// error for granting. Limit breaches are thrown and deny the whole request.
///
/// One evaluator serves one request (its lookup ledger spans every branch); it is not shared.
final class ProofEvaluator {
  let ruleset: Ruleset
  let store: DocumentStore
  let database: String
  /// The `list` request being proved, built on first use (a condition that reads only
  /// `request.auth`, or nothing of `request`, never needs it).
  lazy var requestSource: Request = makeRequest()
  private let makeRequest: () -> Request
  /// The user, for `request.auth` (the same value `Request` converts it to).
  let auth: Auth?
  /// What `request.query` shows of the query (the request's `query`).
  let query: QueryDescription
  /// `request` as the rules see it for this `list`, built on first use (most conditions only
  /// read `request.<name>`, which `requestField` serves without building the whole map).
  lazy var request: RulesValue = requestSource.rulesValue
  /// `request.<name>` values already built (nil: the request has no such property).
  var requestFields: [String: RulesValue?] = [:]
  let limits: EvaluationLimits
  /// The branch being proved.
  var constraints: BranchConstraints
  /// Expressions evaluated for the current allow and branch.
  var steps = 0
  /// The user functions executing, outermost first (by declaration range).
  var callStack: [SourceRange] = []
  /// Documents looked up (charged once each per request).
  var charged: [ResourcePath] = []
  /// What kept the current allow from granting, with where each sits among `&&`/`||`.
  var obstacles: [RecordedObstacle] = []
  /// The `&&`/`||` being evaluated, outermost first (for grouping suggested fixes).
  var logicStack: [LogicStep] = []
  /// The next id for a `&&`/`||` evaluation.
  var nextLogicID = 0
  /// Whether the expression being evaluated sits under an odd number of `!` (suggestions flip).
  var negated = false
  /// A limit error a built-in raised (a value over `ValueSize`'s cap): `catching` turns errors
  /// into values, so it is kept here and thrown by the next `eval` and after the condition.
  var limitBreach: EvalError?

  init(
    ruleset: Ruleset, store: DocumentStore, database: String, auth: Auth?, query: QueryDescription,
    request: @escaping () -> Request,
    limits: EvaluationLimits,
    constraints: BranchConstraints
  ) {
    self.ruleset = ruleset
    self.store = store
    self.database = database
    self.auth = auth
    self.query = query
    self.makeRequest = request
    self.limits = limits
    self.constraints = constraints
  }

  /// The source text of a range.
  func text(_ range: SourceRange) -> String {
    ruleset.source.text(in: range)
  }

  /// Records why `expr` did not come out true.
  func record(_ kind: ProofObstacle.Kind, _ range: SourceRange, _ reason: String, suggestion: String? = nil) {
    let obstacle = ProofObstacle(kind: kind, range: range, text: text(range), reason: reason, suggestion: suggestion)
    obstacles.append(RecordedObstacle(obstacle: obstacle, context: logicStack))
  }

  // MARK: Expressions

  /// Evaluates `expr`, counting it against the expression budget.
  func eval(_ expr: Expr, _ scope: ProofScope) throws(EvalError) -> ProofValue {
    steps += 1
    if steps > limits.expressions { throw .expressionLimit(limits.expressions) }
    if let limitBreach { throw limitBreach }
    switch expr.kind {
    case .null: return .value(.null)
    case .bool(let b): return .value(.bool(b))
    case .int(let i): return .value(.int(i))
    case .float(let f): return .value(.float(f))
    case .string(let s): return .value(.string(s))
    case .bytes(let b): return .value(.bytes(b))
    case .list(let elements):
      var values: [RulesValue] = []
      for element in elements {
        switch try concreteOperand(element, scope, what: "a list literal") {
        case .value(let value): values.append(value)
        case let other: return other
        }
      }
      return .value(try ValueSize.checked(.list(values)))
    case .map(let entries):
      var map: [String: RulesValue] = [:]
      for entry in entries {
        switch try concreteOperand(entry.value, scope, what: "a map literal") {
        case .value(let value): map[entry.key] = value
        case let other: return other
        }
      }
      return .value(try ValueSize.checked(.map(map)))
    case .path(let segments):
      return try evalPath(segments, scope)
    case .identifier(let name):
      return variable(name, expr.range, scope)
    case .member(let base, let name):
      if case .identifier("request") = base.kind, !scope.binds("request"), let value = requestField(name.name) {
        // What `eval(base)` would charge and check before `member` reads the same entry.
        steps += 1
        if steps > limits.expressions { throw .expressionLimit(limits.expressions) }
        if let limitBreach { throw limitBreach }
        return .value(value)
      }
      return member(try eval(base, scope), name.name, expr)
    case .call(let name, let args):
      return try evalCall(name, args, expr, scope)
    case .methodCall(let receiver, let name, let args):
      return try evalMethodCall(receiver, name, args, expr, scope)
    case .index(let base, let index):
      let baseValue = try eval(base, scope)
      if case .error = baseValue { return baseValue }
      return subscriptValue(baseValue, try eval(index, scope), expr)
    case .slice(let base, let lower, let upper):
      return try evalSlice(base, lower, upper, expr, scope)
    case .unary(.not, let operand):
      negated.toggle()
      defer { negated.toggle() }
      return try condition(operand, scope).negated.value
    case .unary(let op, let operand):
      return concrete(try eval(operand, scope), expr, "arithmetic on") { value throws(EvalError) in
        try Operators.unary(op, value)
      }
    case .binary(.and, let left, let right):
      return try evalLogical(isAnd: true, left, right, scope)
    case .binary(.or, let left, let right):
      return try evalLogical(isAnd: false, left, right, scope)
    case .binary(let op, let left, let right):
      return try evalBinary(op, left, right, expr, scope)
    case .typeTest(let operand, let type):
      return concrete(try eval(operand, scope), expr, "a type test on") { value in
        .bool(Operators.isType(value, type.name))
      }
    case .ternary(let test, let then, let otherwise):
      switch try condition(test, scope) {
      case .true: return try eval(then, scope)
      case .false: return try eval(otherwise, scope)
      case .error(let error): return .error(error)
      case .unknown: return .unknown
      }
    case .invalid:
      return .error(EvalError("Invalid expression: the rules did not parse here."))
    }
  }

  /// A variable: locals, then visible wildcards, then `request` and `resource`.
  func variable(_ name: String, _ range: SourceRange, _ scope: ProofScope) -> ProofValue {
    if let local = scope.locals.last(where: { $0.name == name }) { return local.value }
    if let wildcard = scope.wildcards.prefix(scope.visibleWildcards).last(where: { $0.name == name }) {
      if let value = wildcard.value { return .value(value) }
      record(
        .unknownWildcard, range,
        "the wildcard {\(name)} stands for each queried document's id (or a collection group's parents), which a query does not fix; compare resource.id or a field instead"
      )
      return .unknown
    }
    switch name {
    case "request": return .value(request)
    case "resource": return .symbol(.resource)
    default: return .error(.unboundVariable(name))
    }
  }

  /// `request.<name>` as the entry of `request` it equals; nil when `request` has no such
  /// entry (then the caller reads it from the whole map, for the same error).
  func requestField(_ name: String) -> RulesValue? {
    if let cached = requestFields[name] { return cached }
    // `auth` and `query` as `Request`/`EvaluationContext` give them for a `list` (the same
    // conversions), without building the request; the rest from the request.
    let value: RulesValue? =
      switch name {
      case "auth": auth?.rulesValue ?? .null
      case "query": query.listRulesValue
      default: requestSource.rulesField(name)
      }
    requestFields[name] = value
    return value
  }

  /// Applies a concrete operation to a value; a part of the queried document makes the
  /// result unknown (recorded as unsupported).
  func concrete(
    _ value: ProofValue, _ expr: Expr, _ operation: String, _ body: (RulesValue) throws(EvalError) -> RulesValue
  ) -> ProofValue {
    switch value {
    case .value(let v): return catching { () throws(EvalError) in try body(v) }
    case .error: return value
    case .unknown: return .unknown
    case .symbol(let symbol):
      record(.unsupported, expr.range, "\(operation) \(symbol.text) cannot be proved from the query's filters")
      return .unknown
    }
  }

  /// Evaluates an operand that must be concrete for the enclosing construct to be known.
  func concreteOperand(_ expr: Expr, _ scope: ProofScope, what: String) throws(EvalError) -> ProofValue {
    let value = try eval(expr, scope)
    if case .symbol(let symbol) = value {
      let reason =
        what == "a path"
        ? "a path built from \(symbol.text) differs for each queried document, so get()/exists() on it cannot be proved for a query (the emulator reports get(constraint))"
        : "\(symbol.text) inside \(what) cannot be proved from the query's filters"
      record(.unsupported, expr.range, reason)
      return .unknown
    }
    return value
  }

  /// Runs a built-in or operator on concrete values, turning its error into an error value.
  func catching(_ body: () throws(EvalError) -> RulesValue) -> ProofValue {
    do {
      return .value(try body())
    } catch {
      if error.kind == .limit { limitBreach = error }
      return .error(error)
    }
  }

  private func evalPath(_ segments: [PathSegment], _ scope: ProofScope) throws(EvalError) -> ProofValue {
    var parts: [String] = []
    for segment in segments {
      switch segment {
      case .literal(let text):
        parts.append(text)
      case .interpolation(let expr):
        switch try concreteOperand(expr, scope, what: "a path") {
        case .value(.string(let text)):
          guard !text.isEmpty, !text.contains("/") else {
            return .error(EvalError("Invalid path segment: '\(text)' must be one non-empty segment."))
          }
          parts.append(text)
        case .value(.path(let path)): parts.append(contentsOf: path.segments)
        case .value(let value): return .error(.typeError(received: value.typeName, expected: ["string", "path"]))
        case let other: return other
        }
      }
    }
    return .value(.path(RulesPath(segments: parts)))
  }

  private func evalSlice(_ base: Expr, _ lower: Expr?, _ upper: Expr?, _ expr: Expr, _ scope: ProofScope)
    throws(EvalError) -> ProofValue
  {
    let baseValue = try eval(base, scope)
    guard case .value(let b) = baseValue else {
      return concrete(baseValue, expr, "slicing") { $0 }
    }
    var bounds: [RulesValue?] = []
    for bound in [lower, upper] {
      guard let bound else {
        bounds.append(nil)
        continue
      }
      switch try concreteOperand(bound, scope, what: "a slice bound") {
      case .value(let value): bounds.append(value)
      case let other: return other
      }
    }
    return catching { () throws(EvalError) in try Operators.slice(b, bounds[0], bounds[1]) }
  }
}
