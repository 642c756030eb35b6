import RulesLanguage

/// `request` and `resource` in Cloud Storage rules: the request's path under `/b/<bucket>/o`,
/// the stored object (`resource`, null when none or on a list) and the object after an upload
/// or a metadata update (`request.resource`, null on get, list and delete).
extension ExpressionEncoder {
  /// `request`: `auth`, `path`, `time`, `resource`; `method` as an unknown (the emulator leaves it
  /// undefined, F5; reading it is noted where it is read).
  var storageRequest: SymbolicValue {
    let written = symbols.uploadedObject.map { SymbolicValue(always: .map($0.rulesMap(in: z3)), in: z3) }
    let fields: [String: SymbolicValue] = [
      "auth": auth,
      "method": symbols.unknown("request.method"),
      "path": SymbolicValue(always: .path(symbols.shape.requestPath(for: symbols.method)), in: z3),
      "time": SymbolicValue(always: .timestamp(symbols.time), in: z3),
      "resource": written ?? SymbolicValue(always: .null, in: z3),
    ]
    return SymbolicValue(always: .map(.closed(fields)), in: z3)
  }

  /// Whether `expr` is `resource` or `request.resource` (not a local name).
  func isObject(_ expr: Expr, _ scope: EncodingScope) -> Bool {
    switch expr.kind {
    case .identifier("resource"): return scope.variables["resource"] == nil
    case .member(let base, let name):
      guard name.name == "resource", case .identifier("request") = base.kind else { return false }
      return scope.variables["request"] == nil
    default: return false
    }
  }

  /// `resource` or `request.resource` (as `isObject` tells). Compared with null, or a field read
  /// from it, it is exact; used whole (`keys()`, `diff()`, `==` another object) it is an
  /// approximation, since a real object may leave optional fields unset where the encoding sets
  /// them (F6).
  func storageObjectExpression(_ expr: Expr, _ scope: EncodingScope) -> SymbolicValue {
    if case .identifier = expr.kind {
      return symbols.storedObject.value(in: z3)
    }
    return symbols.uploadedObject.map { SymbolicValue(always: .map($0.rulesMap(in: z3)), in: z3) }
      ?? SymbolicValue(always: .null, in: z3)
  }

  /// `resource` or `request.resource` used whole: an approximation (see `storageObjectExpression`).
  func wholeObject(_ expr: Expr, _ scope: EncodingScope) -> SymbolicValue {
    note(expr, "a whole object (its unset fields may read as null or be absent, F6)")
    return storageObjectExpression(expr, scope)
  }

  /// An operand of `op`: a Storage object compared with `null` is exact (it exists or not).
  func operand(_ expr: Expr, against other: Expr, _ op: BinaryOperator, _ scope: EncodingScope) -> SymbolicValue {
    if symbols.service.kind == .storage, op == .equal || op == .notEqual, case .null = other.kind,
      isObject(expr, scope)
    {
      return storageObjectExpression(expr, scope)
    }
    return encode(expr, scope)
  }
}
