import FirestoreModel
import RulesEngine
import RulesLanguage

/// Calls during a proof: user functions (lexical scope, call by value, eager `let`s,
/// symbolic arguments passed through), `get`/`exists` of concrete paths (charged against
/// the per-request limit), `debug`, and built-ins on concrete values.
extension ProofEvaluator {
  /// `name(args)`.
  func evalCall(_ name: Identifier, _ args: [Expr], _ expr: Expr, _ scope: ProofScope) throws(EvalError)
    -> ProofValue
  {
    if let function = ruleset.function(named: name.name, inScope: scope.functionScope) {
      return try callUser(function, args, scope)
    }
    if let function = LookupFunction(rawValue: name.name) {
      guard args.count == 1 else { return .error(.functionNotFound(name.name)) }
      switch try eval(args[0], scope) {
      case .value(let path): return try lookup(function, path)
      case .error(let error): return .error(error)
      case .unknown:
        // Already explained where the unknown came from.
        return .unknown
      case .symbol:
        record(
          .unsupported, expr.range,
          "\(name.name)() of a path that depends on the queried document cannot be proved for a query")
        return .unknown
      }
    }
    switch name.name {
    case "debug":
      guard args.count == 1 else { return .error(.functionNotFound(name.name)) }
      return try eval(args[0], scope)
    default:
      switch try arguments(args, scope, expr, "\(name.name)()") {
      case .success(let values):
        return catching { () throws(EvalError) in try Builtins.callGlobalFunction(name.name, values) }
      case .failure(let stop):
        return stop.value
      }
    }
  }

  /// `receiver.name(args)`: a namespace function, or a method on a concrete value.
  func evalMethodCall(_ receiver: Expr, _ name: Identifier, _ args: [Expr], _ expr: Expr, _ scope: ProofScope)
    throws(EvalError) -> ProofValue
  {
    if case .identifier(let namespace) = receiver.kind, BuiltinNames.namespaces[namespace] != nil,
      !scope.binds(namespace)
    {
      switch try arguments(args, scope, expr, "\(namespace).\(name.name)()") {
      case .success(let values):
        return catching { () throws(EvalError) in try Builtins.callNamespaceFunction(namespace, name.name, values) }
      case .failure(let stop):
        return stop.value
      }
    }
    let base = try eval(receiver, scope)
    if case .error = base { return base }
    let evaluated = try arguments(args, scope, expr, ".\(name.name)()")
    switch (base, evaluated) {
    case (_, .failure(let stop)):
      return stop.value
    case (.value(let value), .success(let values)):
      return catching { () throws(EvalError) in try Builtins.callMethod(value, name.name, values) }
    case (.symbol(let symbol), _):
      record(
        .unsupported, expr.range,
        "the method .\(name.name)() on \(symbol.text) cannot be proved from the query's filters; only comparisons (==, !=, <, <=, >, >=, in) can"
      )
      return .unknown
    default:
      return .unknown
    }
  }

  /// Why argument evaluation stopped: an error (the call's result) or a value that is not
  /// concrete (the call is unknown).
  struct Stop: Error {
    var value: ProofValue
  }

  /// Evaluates arguments left to right: all concrete, or the first error, or unknown.
  private func arguments(_ args: [Expr], _ scope: ProofScope, _ expr: Expr, _ callee: String)
    throws(EvalError) -> Result<[RulesValue], Stop>
  {
    var values: [RulesValue] = []
    var unknown = false
    for arg in args {
      switch try eval(arg, scope) {
      case .value(let value): values.append(value)
      case .error(let error): return .failure(Stop(value: .error(error)))
      case .symbol(let symbol):
        record(.unsupported, arg.range, "\(callee) of \(symbol.text) cannot be proved from the query's filters")
        unknown = true
      case .unknown: unknown = true
      }
    }
    return unknown ? .failure(Stop(value: .unknown)) : .success(values)
  }

  /// A user function call: arguments in the caller's scope, then lets and body in the
  /// function's own scope. Recursion and depth breaches are limit errors.
  private func callUser(_ function: Ruleset.FunctionReference, _ args: [Expr], _ scope: ProofScope)
    throws(EvalError) -> ProofValue
  {
    let decl = function.decl
    guard args.count == decl.parameters.count else { return .error(.functionNotFound(decl.name.name)) }
    var parameters: [(name: String, value: ProofValue)] = []
    for (parameter, arg) in zip(decl.parameters, args) {
      let value = try eval(arg, scope)
      if case .error = value { return value }
      parameters.append((parameter.name, value))
    }
    if callStack.contains(decl.range) { throw .recursiveCall }
    if callStack.count >= limits.callDepth { throw .callDepthLimit(limits.callDepth) }
    callStack.append(decl.range)
    defer { callStack.removeLast() }
    var inner = ProofScope(
      wildcards: scope.wildcards, visibleWildcards: min(function.visibleWildcards, scope.wildcards.count),
      locals: parameters, functionScope: function.scope)
    for binding in decl.lets {
      inner.locals.append((binding.name.name, try eval(binding.value, inner)))
    }
    return try eval(decl.body, inner)
  }

  /// `get`/`exists` (and the write-only `getAfter`/`existsAfter`, errors on a read) of a
  /// concrete path, charged once per distinct document against the per-request limit.
  private func lookup(_ lookup: LookupFunction, _ argument: RulesValue) throws(EvalError) -> ProofValue {
    let function = lookup.rawValue
    guard case .path(let path) = argument else {
      return .error(.unsupported(received: "\(function)(\(argument.typeName))", expected: "\(function)(path)"))
    }
    if lookup.readsAfterWrite {
      return .error(.unsupported(received: "\(function)(path) on a read", expected: "\(function)(path) on a write"))
    }
    let segments = path.segments
    guard segments.count >= 5, segments[0] == "databases", segments[1] == database, segments[2] == "documents"
    else { return .error(.serviceCall(function, path, database: database, missing: false)) }
    let documentPath = ResourcePath(segments: Array(segments[3...]))
    guard documentPath.isDocument, !documentPath.segments.contains(where: \.isEmpty) else {
      return .error(.serviceCall(function, path, database: database, missing: false))
    }
    if !charged.contains(documentPath) {
      if charged.count + 1 > limits.lookupsPerRequest { throw .lookupLimit(limits.lookupsPerRequest) }
      charged.append(documentPath)
    }
    let document = store.document(at: documentPath)
    if !lookup.returnsDocument { return .value(.bool(document != nil)) }
    guard let document else { return .error(.serviceCall(function, path, database: database, missing: true)) }
    return .value(.resource(of: document, database: database))
  }
}
