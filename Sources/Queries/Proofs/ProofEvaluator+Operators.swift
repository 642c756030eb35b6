import FirestoreModel
import RulesEngine
import RulesLanguage

/// Member access, indexing and binary operators, with the queried document symbolic:
/// comparisons (`== != < <= > >= in`) between a document value and a concrete value are
/// decided from the branch's constraints; any other use of the document is unknown.
extension ProofEvaluator {
  /// `base.name`.
  func member(_ base: ProofValue, _ name: String, _ expr: Expr) -> ProofValue {
    switch base {
    case .value(let value): return catching { () throws(EvalError) in try Operators.member(value, name) }
    case .error, .unknown: return base
    case .symbol(.resource):
      switch name {
      case "data": return .symbol(.data([]))
      case "id": return .symbol(.id)
      case "__name__": return .symbol(.name)
      default: return .error(.propertyUndefined(name))
      }
    case .symbol(.data(let path)): return .symbol(.data(path + [name]))
    case .symbol(let symbol):
      record(.unsupported, expr.range, "a property of \(symbol.text) cannot be proved from the query's filters")
      return .unknown
    }
  }

  /// `base[index]`: a string key on the document or its data reads a field.
  func subscriptValue(_ base: ProofValue, _ index: ProofValue, _ expr: Expr) -> ProofValue {
    switch (base, index) {
    case (.error, _): return base
    case (_, .error): return index
    case (.value(let b), .value(let i)): return catching { () throws(EvalError) in try Operators.index(b, i) }
    case (.symbol(.resource), .value(.string(let key))), (.symbol(.data), .value(.string(let key))):
      return member(base, key, expr)
    case (.symbol(let symbol), _), (_, .symbol(let symbol)):
      record(.unsupported, expr.range, "indexing with \(symbol.text) cannot be proved from the query's filters")
      return .unknown
    default:
      return .unknown
    }
  }

  /// `left op right` for every operator but `&&`/`||`; operands left to right, strict.
  func evalBinary(_ op: BinaryOperator, _ left: Expr, _ right: Expr, _ expr: Expr, _ scope: ProofScope)
    throws(EvalError) -> ProofValue
  {
    let l = try eval(left, scope)
    if case .error = l {
      noteQueryProperty(op, left, right, expr, scope, missing: true)
      return l
    }
    let r = try eval(right, scope)
    if case .error = r {
      noteQueryProperty(op, left, right, expr, scope, missing: true)
      return r
    }
    switch (l, r) {
    case (.value(let a), .value(let b)):
      let result = catching { () throws(EvalError) in try Operators.binary(op, a, b) }
      if case .value(.bool(true)) = result {} else { noteQueryProperty(op, left, right, expr, scope, missing: false) }
      return result
    case (.symbol(let symbol), .value(let c)):
      return decide(op, symbol, c, constantExpr: right, symbolOnLeft: true, expr)
    case (.value(let c), .symbol(let symbol)):
      return decide(op, symbol, c, constantExpr: left, symbolOnLeft: false, expr)
    case (.symbol(let a), .symbol(let b)):
      record(
        .unsupported, expr.range,
        "comparing \(a.text) with \(b.text) relates two values of the queried document, which filters cannot prove")
      return .unknown
    default:
      return .unknown
    }
  }

  /// `symbol op c` (or `c op symbol`).
  private func decide(
    _ op: BinaryOperator, _ symbol: ProofSymbol, _ c: RulesValue, constantExpr: Expr, symbolOnLeft: Bool,
    _ expr: Expr
  ) -> ProofValue {
    let constraint: FieldConstraint
    switch symbol {
    case .data(let path) where !path.isEmpty: constraint = constraints.data(path)
    case .id: constraint = constraints.documentID()
    case .name: constraint = constraints.documentName()
    case .resource, .data:
      // The document and its data are maps, never null.
      if case .null = c, op == .equal || op == .notEqual { return .value(.bool(op == .notEqual)) }
      record(.unsupported, expr.range, "\(symbol.text) as a whole cannot be proved from the query's filters")
      return .unknown
    }
    let truth: ProofTruth
    switch op {
    case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual:
      truth = constraint.compare(op, c, symbolOnLeft: symbolOnLeft, database: database)
    case .in:
      truth =
        symbolOnLeft
        ? constraint.isMember(of: c, database: database) : constraint.contains(c, database: database)
    default:
      record(
        .unsupported, expr.range, "arithmetic on \(symbol.text) cannot be proved from the query's filters")
      return .unknown
    }
    if !truth.isTrue {
      // NaN sorts below every number, so an upper bound alone also returns NaN values, for
      // which the comparison is false. Production is not known to deny such queries and a
      // false denial of the everyday `where("age", "<", 30)` makes the tool unusable: NaN is
      // set aside here (Docs/fidelity/proofs.md).
      if case .unknown = truth, let op = Self.comparison(op, symbolOnLeft),
        constraint.compareIgnoringNaN(op, c).isTrue
      {
        return ProofTruth.true.value
      }
      // The suggestion is written only here: a comparison that holds records nothing.
      let suggestion =
        op == .in
        ? ProofSuggestion.membership(
          field: constraint.field, elementIsField: symbolOnLeft, valueExpr: constantExpr, value: c, negated: negated)
        : ProofSuggestion.filter(
          field: constraint.field, ruleOp: symbolOnLeft ? op : op.mirrored, valueExpr: constantExpr,
          value: suggestionValue(symbol, c), negated: negated)
      let (kind, reason) = Self.explain(truth, constraint)
      record(kind, expr.range, reason, suggestion: suggestion)
    }
    return truth.value
  }

  /// The ordering operator with the symbol on the left, or nil for other operators.
  private static func comparison(_ op: BinaryOperator, _ symbolOnLeft: Bool) -> BinaryOperator? {
    switch op {
    case .less, .lessEqual, .greater, .greaterEqual: symbolOnLeft ? op : op.mirrored
    default: nil
    }
  }

  /// For the document's name, suggest the document id (`documentId() == "x"`).
  private func suggestionValue(_ symbol: ProofSymbol, _ c: RulesValue) -> RulesValue {
    if case .name = symbol, case .path(let path) = c, let id = path.segments.last { return .string(id) }
    return c
  }

  static func explain(_ truth: ProofTruth, _ constraint: FieldConstraint) -> (ProofObstacle.Kind, String) {
    switch truth {
    case .true:
      return (.notImplied, "holds")
    case .false:
      return (.alwaysFalse, "is false for every document the filters admit (\(constraint.filterText))")
    case .error(let error):
      return (.error, "is an error for every document the filters admit (\(constraint.filterText)): \(error.message)")
    case .unknown:
      if constraint.isUnconstrained {
        return (
          .unconstrained,
          "\(constraint.subject) has no filter in this query branch, so the query may return documents for which this is not true"
        )
      }
      return (.notImplied, "the filters on it (\(constraint.filterText)) do not guarantee this for every document")
    }
  }

  /// A rule on `request.query.limit`/`offset` that did not hold: record it with the
  /// `.limit(n)`/`.offset(n)` that would satisfy it (the bound must be an int literal).
  private func noteQueryProperty(
    _ op: BinaryOperator, _ left: Expr, _ right: Expr, _ expr: Expr, _ scope: ProofScope, missing: Bool
  ) {
    switch op {
    case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual: break
    default: return
    }
    let oriented: BinaryOperator
    let property: String
    let boundExpr: Expr
    if let name = Self.queryProperty(left) {
      (oriented, property, boundExpr) = (op, name, right)
    } else if let name = Self.queryProperty(right) {
      (oriented, property, boundExpr) = (op.mirrored, name, left)
    } else {
      return
    }
    guard case .int(let bound) = boundExpr.kind, scope.binds("request") == false else { return }
    let suggestion = ProofSuggestion.queryProperty(property, oriented, bound, negated: negated)
    let reason =
      missing
      ? "the query has no \(property), so request.query.\(property) is undefined"
      : "the query's \(property) does not satisfy this"
    record(.alwaysFalse, expr.range, reason, suggestion: suggestion)
  }

  /// `limit` / `offset` for `request.query.limit` / `request.query.offset`.
  static func queryProperty(_ expr: Expr) -> String? {
    guard let chain = ProofSuggestion.memberChain(expr), chain.count == 3, chain[0] == "request", chain[1] == "query",
      chain[2] == "limit" || chain[2] == "offset"
    else { return nil }
    return chain[2]
  }
}
