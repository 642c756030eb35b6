import RulesLanguage

/// The expression evaluator (spec §6.5): errors are values, `&&`/`||` absorb them
/// commutatively, booleans are strict, and limit breaches are thrown past everything.
extension EvaluationContext {
  /// Evaluates `expr`, counting it against the budget and recording it when tracing.
  func eval(_ expr: Expr, _ env: Environment) throws(EvalError) -> Outcome {
    try step()
    guard let tracer else { return try evalKind(expr, env) }
    tracer.begin(expr.range)
    let outcome = try evalKind(expr, env)
    tracer.end(traceKind(expr, env), TraceValue(outcome))
    return outcome
  }

  private func evalKind(_ expr: Expr, _ env: Environment) throws(EvalError) -> Outcome {
    switch expr.kind {
    case .null: return .success(.null)
    case .bool(let value): return .success(.bool(value))
    case .int(let value): return .success(.int(value))
    case .float(let value): return .success(.float(value))
    case .string(let value): return .success(.string(value))
    case .bytes(let value): return .success(.bytes(value))
    case .list(let elements):
      var values: [RulesValue] = []
      values.reserveCapacity(elements.count)
      for element in elements {
        switch try eval(element, env) {
        case .success(let value): values.append(value)
        case .failure(let error): return .failure(error)
        }
      }
      return .success(try ValueSize.checked(.list(values)))
    case .map(let entries):
      var map: [String: RulesValue] = [:]
      map.reserveCapacity(entries.count)
      for entry in entries {
        switch try eval(entry.value, env) {
        case .success(let value): map[entry.key] = value
        case .failure(let error): return .failure(error)
        }
      }
      return .success(try ValueSize.checked(.map(map)))
    case .path(let segments):
      return try evalPath(segments, env)
    case .identifier(let name):
      return variable(name, env)
    case .member(let base, let name):
      if case .identifier(let global) = base.kind, GlobalName.isRequest(global), !env.binds(global) {
        return requestField(name.name)
      }
      return try evalStrict(base, env) { value throws(EvalError) in try Operators.member(value, name.name) }
    case .call(let name, let args):
      return try evalCall(name, args, expr.range, env)
    case .methodCall(let receiver, let name, let args):
      return try evalMethodCall(receiver, name, args, env)
    case .index(let base, let index):
      let baseValue: RulesValue
      switch try eval(base, env) {
      case .success(let value): baseValue = value
      case .failure(let error): return .failure(error)
      }
      return try evalStrict(index, env) { value throws(EvalError) in try Operators.index(baseValue, value) }
    case .slice(let base, let lower, let upper):
      return try evalSlice(base, lower, upper, env)
    case .unary(let op, let operand):
      return try evalStrict(operand, env) { value throws(EvalError) in try Operators.unary(op, value) }
    case .binary(.and, let left, let right):
      return try evalLogical(isAnd: true, left, right, env)
    case .binary(.or, let left, let right):
      return try evalLogical(isAnd: false, left, right, env)
    case .binary(let op, let left, let right):
      let leftValue: RulesValue
      switch try eval(left, env) {
      case .success(let value): leftValue = value
      case .failure(let error): return .failure(error)
      }
      return try evalStrict(right, env) { value throws(EvalError) in try Operators.binary(op, leftValue, value) }
    case .typeTest(let operand, let type):
      return try evalStrict(operand, env) { value in .bool(Operators.isType(value, type.name)) }
    case .ternary(let condition, let then, let otherwise):
      return try evalTernary(condition, then, otherwise, env)
    case .invalid:
      return .failure(EvalError("Invalid expression: the rules did not parse here."))
    }
  }

  /// Evaluates `operand` and, when it is a value, applies `body`; errors pass through.
  @inline(__always)
  private func evalStrict(
    _ operand: Expr, _ env: Environment, _ body: (RulesValue) throws(EvalError) -> RulesValue
  ) throws(EvalError) -> Outcome {
    switch try eval(operand, env) {
    case .success(let value):
      do {
        return .success(try body(value))
      } catch {
        if error.kind == .limit { throw error }
        return .failure(error)
      }
    case .failure(let error):
      return .failure(error)
    }
  }

  /// A variable: locals, then wildcards, then the caller's bindings, then the globals.
  func variable(_ name: String, _ env: Environment) -> Outcome {
    if let bound = env.lookup(name) {
      if case .failure(let error) = bound, error == .needsQueryConstraints { touchedUnknown = true }
      return bound
    }
    if GlobalName.isRequest(name) { return requestValue() }
    if GlobalName.isResource(name) { return resourceValue() }
    if let value = override(name) { return .success(value) }
    return .failure(.variableNotFound(name))
  }

  /// `&&` and `||` (spec §6.5): the right side runs when the left does not decide, including
  /// when the left is an error or not a bool, and may absorb it (`⊥ && false` is `false`).
  private func evalLogical(isAnd: Bool, _ left: Expr, _ right: Expr, _ env: Environment) throws(EvalError)
    -> Outcome
  {
    let leftOutcome = try eval(left, env)
    let decisive = !isAnd  // `false` decides `&&`, `true` decides `||`
    if case .success(.bool(let value)) = leftOutcome, value == decisive {
      tracer?.skipped(traceKind(right, env), right.range)
      return leftOutcome
    }
    let rightOutcome = try eval(right, env)
    if case .success(.bool(let value)) = rightOutcome, value == decisive { return rightOutcome }
    // Neither side decides: an error (or non-bool) on either side wins, left first.
    let leftChecked = Self.requireBool(leftOutcome)
    if case .failure = leftChecked { return leftChecked }
    return Self.requireBool(rightOutcome)
  }

  /// `cond ? a : b`: the condition must be a bool; only the chosen branch runs.
  private func evalTernary(_ condition: Expr, _ then: Expr, _ otherwise: Expr, _ env: Environment)
    throws(EvalError) -> Outcome
  {
    switch Self.requireBool(try eval(condition, env)) {
    case .success(.bool(true)):
      let outcome = try eval(then, env)
      tracer?.skipped(traceKind(otherwise, env), otherwise.range)
      return outcome
    case .success:
      tracer?.skipped(traceKind(then, env), then.range)
      return try eval(otherwise, env)
    case .failure(let error):
      tracer?.skipped(traceKind(then, env), then.range)
      tracer?.skipped(traceKind(otherwise, env), otherwise.range)
      return .failure(error)
    }
  }

  /// The outcome itself when it is a bool or an error; a type error otherwise (strict booleans).
  static func requireBool(_ outcome: Outcome) -> Outcome {
    switch outcome {
    case .success(.bool), .failure: outcome
    case .success(let value): .failure(.typeError(received: value.typeName, expected: ["bool"]))
    }
  }

  private func evalSlice(_ base: Expr, _ lower: Expr?, _ upper: Expr?, _ env: Environment) throws(EvalError)
    -> Outcome
  {
    let baseValue: RulesValue
    switch try eval(base, env) {
    case .success(let value): baseValue = value
    case .failure(let error): return .failure(error)
    }
    var bounds: [RulesValue?] = []
    for bound in [lower, upper] {
      guard let bound else {
        bounds.append(nil)
        continue
      }
      switch try eval(bound, env) {
      case .success(let value): bounds.append(value)
      case .failure(let error): return .failure(error)
      }
    }
    do {
      return .success(try Operators.slice(baseValue, bounds[0], bounds[1]))
    } catch {
      if error.kind == .limit { throw error }
      return .failure(error)
    }
  }

  /// A path literal: literal segments as written, `$(e)` converted to segments.
  private func evalPath(_ segments: [PathSegment], _ env: Environment) throws(EvalError) -> Outcome {
    var parts: [String] = []
    parts.reserveCapacity(segments.count)
    for segment in segments {
      switch segment {
      case .literal(let text):
        parts.append(text)
      case .interpolation(let expr):
        switch try eval(expr, env) {
        case .success(.string(let text)):
          guard !text.isEmpty, !text.contains("/") else {
            return .failure(EvalError("Invalid path segment: '\(text)' must be one non-empty segment."))
          }
          parts.append(text)
        case .success(.path(let path)):
          parts.append(contentsOf: path.segments)
        case .success(let value):
          return .failure(.typeError(received: value.typeName, expected: ["string", "path"]))
        case .failure(let error):
          return .failure(error)
        }
      }
    }
    return .success(.path(RulesPath(segments: parts)))
  }

  /// The trace kind of an expression (only computed when tracing).
  func traceKind(_ expr: Expr, _ env: Environment) -> TraceNodeKind {
    switch expr.kind {
    case .binary(.and, _, _): return .and
    case .binary(.or, _, _): return .or
    case .unary(.not, _): return .not
    case .ternary: return .ternary
    case .call(let name, _):
      if userFunction(name.name, env) != nil { return .call(name.name) }
      if LookupFunction.names.contains(name.name) { return .lookup(name.name) }
      return name.name == "debug" ? .debug : .expression
    default: return .expression
    }
  }
}

extension TraceValue {
  init(_ outcome: Outcome) {
    switch outcome {
    case .success(let value): self = .value(value)
    case .failure(let error): self = .error(error)
    }
  }
}
