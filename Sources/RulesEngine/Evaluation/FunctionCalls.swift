import RulesLanguage

/// Calls: user functions (lexically scoped, call by value, eager `let`s), the
/// request-aware globals (`get`, `exists`, `getAfter`, `existsAfter`, `debug`),
/// namespace functions (`math.abs`) and methods on values.
extension EvaluationContext {
  /// The user function `name` resolves to from `env`'s scope, if any.
  func userFunction(_ name: String, _ env: Environment) -> Int? {
    guard let ruleset, let scope = env.scope else { return nil }
    return ruleset.scopes.resolveFunction(name, from: scope)
  }

  /// `name(args)`.
  func evalCall(_ name: Identifier, _ args: [Expr], _ range: SourceRange, _ env: Environment) throws(EvalError)
    -> Outcome
  {
    if let index = userFunction(name.name, env) {
      return try callUser(index, args, env)
    }
    if let function = service.lookupFunction(namespace: nil, name: name.name) {
      guard args.count == 1 else { return .failure(.functionNotFound(name.name)) }
      return try evalStrictOutcome(args[0], env) { path throws(EvalError) in try lookup(function, path) }
    }
    switch name.name {
    case "debug":
      guard args.count == 1 else { return .failure(.functionNotFound(name.name)) }
      let outcome = try eval(args[0], env)
      let value = TraceValue(outcome)
      debugOutputs.append(DebugOutput(range: range, value: value, text: ProtoText.render(value)))
      return outcome
    default:
      let values: [RulesValue]
      switch try evalArguments(args, env) {
      case .success(let evaluated): values = evaluated
      case .failure(let error): return .failure(error)
      }
      return Self.catching { () throws(EvalError) in try Builtins.callGlobalFunction(name.name, values) }
    }
  }

  /// `receiver.name(args)`: a namespace function when `receiver` names an unshadowed
  /// namespace, else a method on the receiver's value.
  func evalMethodCall(_ receiver: Expr, _ name: Identifier, _ args: [Expr], _ env: Environment) throws(EvalError)
    -> Outcome
  {
    if case .identifier(let namespace) = receiver.kind, service.namespaces[namespace] != nil,
      !env.binds(namespace),
      override(namespace) == nil
    {
      if let function = service.lookupFunction(namespace: namespace, name: name.name) {
        guard args.count == 1 else { return .failure(.functionNotFound("\(namespace).\(name.name)")) }
        return try evalStrictOutcome(args[0], env) { path throws(EvalError) in try lookup(function, path) }
      }
      let values: [RulesValue]
      switch try evalArguments(args, env) {
      case .success(let evaluated): values = evaluated
      case .failure(let error): return .failure(error)
      }
      return Self.catching { () throws(EvalError) in
        try Builtins.callNamespaceFunction(namespace, name.name, values)
      }
    }
    let base: RulesValue
    switch try eval(receiver, env) {
    case .success(let value): base = value
    case .failure(let error): return .failure(error)
    }
    let values: [RulesValue]
    switch try evalArguments(args, env) {
    case .success(let evaluated): values = evaluated
    case .failure(let error): return .failure(error)
    }
    return Self.catching { () throws(EvalError) in try Builtins.callMethod(base, name.name, values) }
  }

  /// A user function call: arguments by value in the caller's scope, then the body in the
  /// function's own lexical scope; `let`s run eagerly in order and a failed `let` only
  /// matters if the body reads it.
  private func callUser(_ index: Int, _ args: [Expr], _ env: Environment) throws(EvalError) -> Outcome {
    guard let ruleset else { return .failure(.variableNotFound("function")) }
    let scopes = ruleset.scopes
    let function = scopes.functions[index]
    let decl = function.decl
    guard args.count == decl.parameters.count else { return .failure(.functionNotFound(decl.name.name)) }
    var parameters: [Binding] = []
    parameters.reserveCapacity(args.count)
    for (parameter, arg) in zip(decl.parameters, args) {
      switch try eval(arg, env) {
      case .success(let value): parameters.append(Binding(name: parameter.name, value: .success(value)))
      case .failure(let error): return .failure(error)
      }
    }
    if callStack.contains(index) { throw .recursion }
    if callStack.count >= limits.callDepth { throw .callDepth(limits.callDepth) }
    callStack.append(index)
    defer { callStack.removeLast() }

    var inner = env.forCall(
      scope: function.block, visibleWildcards: scopes.visibleWildcards(function.block), parameters: parameters)
    tracer?.begin(decl.body.range)
    for binding in decl.lets {
      tracer?.begin(binding.range)
      let outcome = try eval(binding.value, inner)
      tracer?.end(.letBinding(binding.name.name), TraceValue(outcome))
      inner.locals.append(Binding(name: binding.name.name, value: outcome))
    }
    let result = try eval(decl.body, inner)
    tracer?.end(.functionBody(decl.name.name), TraceValue(result))
    return result
  }

  /// Evaluates arguments left to right; the first error is the result.
  private func evalArguments(_ args: [Expr], _ env: Environment) throws(EvalError) -> Result<[RulesValue], EvalError> {
    var values: [RulesValue] = []
    values.reserveCapacity(args.count)
    for arg in args {
      switch try eval(arg, env) {
      case .success(let value): values.append(value)
      case .failure(let error): return .failure(error)
      }
    }
    return .success(values)
  }

  /// Evaluates `operand` and, when it is a value, returns `body`'s outcome.
  private func evalStrictOutcome(
    _ operand: Expr, _ env: Environment, _ body: (RulesValue) throws(EvalError) -> Outcome
  ) throws(EvalError) -> Outcome {
    switch try eval(operand, env) {
    case .success(let value): return try body(value)
    case .failure(let error): return .failure(error)
    }
  }

  /// Runs a built-in, turning its ordinary errors into outcomes (limit errors are rethrown
  /// by the callers of the evaluator, never produced by built-ins).
  static func catching(_ body: () throws(EvalError) -> RulesValue) -> Outcome {
    do {
      return .success(try body())
    } catch {
      return .failure(error)
    }
  }
}
