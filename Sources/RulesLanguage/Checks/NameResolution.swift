/// Resolves every name in allow conditions and function bodies: variables, user and built-in
/// function calls (with arity), namespace members, `is` type names, and method names (a
/// warning when no value type has the method).
///
/// Scope (rules-language §5.4): `let` names defined so far and parameters, then wildcard
/// variables of the enclosing matches, then `request`/`resource`, then the namespaces. Calls
/// resolve to the innermost user function of that name, then to the built-in globals.
struct NameResolution {
  /// A call from a function (or from an allow condition when `caller` is nil) to a user function.
  struct Call {
    var caller: Int?
    var callee: Int
    var range: SourceRange
  }

  private enum Local {
    case parameter
    case binding(Int)
  }

  private struct Environment {
    var block: Int
    var function: Int?
    var locals = SmallNameMap<Local>()
  }

  let scopes: ScopeModel
  private(set) var diagnostics: [Diagnostic] = []
  private(set) var calls: [Call] = []
  /// `letUsed[f][i]`: whether let binding `i` of function `f` is ever read.
  private(set) var letUsed: [[Bool]]
  /// User functions offered as "did you mean" for an undefined call: the typo is the one root
  /// cause, so these are not also reported as unused.
  private(set) var suggestedFunctions = Set<Int>()
  private var suggestionsMade = 0

  init(scopes: ScopeModel) {
    self.scopes = scopes
    self.letUsed = scopes.functions.map { Array(repeating: false, count: $0.decl.lets.count) }
    for (index, function) in scopes.functions.enumerated() {
      var environment = Environment(block: function.block, function: index)
      for parameter in function.decl.parameters {
        environment.locals[parameter.name] = .parameter
      }
      for (letIndex, binding) in function.decl.lets.enumerated() {
        walk(binding.value, environment)
        environment.locals[binding.name.name] = .binding(letIndex)
      }
      walk(function.decl.body, environment)
    }
    for entry in scopes.allows {
      guard let condition = entry.statement.condition else { continue }
      let environment = Environment(block: entry.block, function: nil)
      walk(condition, environment)
    }
  }

  private mutating func walk(_ expr: Expr, _ env: Environment) {
    switch expr.kind {
    case .null, .bool, .int, .float, .string, .bytes, .invalid:
      break
    case .list(let elements):
      for element in elements { walk(element, env) }
    case .map(let entries):
      for entry in entries { walk(entry.value, env) }
    case .path(let segments):
      for case .interpolation(let inner) in segments { walk(inner, env) }
    case .identifier(let name):
      resolveVariable(name, at: expr.range, env)
    case .member(let base, let name):
      if let namespace = namespaceName(base, env) {
        reportNamespaceProperty(namespace, name)
      } else {
        walk(base, env)
      }
    case .methodCall(let base, let name, let args):
      if let namespace = namespaceName(base, env) {
        checkNamespaceCall(namespace, name, argumentCount: args.count, range: base.range.union(name.range))
      } else if case .identifier(let namespace) = base.kind, !isBoundLocally(namespace, env),
        let other = scopes.service.otherServiceWithLookup(namespace: namespace, name: name.name)
      {
        // `firestore.get(p)` in a Firestore file: one diagnostic for the call, not one for
        // the unknown name and one for `map.get`'s arity.
        let here = LookupFunction(rawValue: name.name).map { scopes.service.spelling(of: $0) } ?? name.name
        diagnostics.append(
          .runtimeFailure(
            .checkUndefinedFunction,
            "'\(namespace).\(name.name)()' exists only in \(other.title) rules; here write \(here)(path)",
            at: base.range.union(name.range)))
      } else {
        walk(base, env)
        if !BuiltinNames.methodSet.contains(name.name) {
          let suggestion = Suggestions.closest(to: name.name, in: BuiltinNames.methods)
          diagnostics.append(
            .warning(
              .checkUnknownMethod,
              "no type has a method '\(name.name)'; the call always fails with 'Function not found'",
              at: name.range, notes: Suggestions.note(suggestion)))
          walkUnknownMethodArguments(args, env)
          return
        } else if let arity = MethodArity.check(name, argumentCount: args.count) {
          diagnostics.append(arity)
        }
      }
      for arg in args { walk(arg, env) }
    case .call(let name, let args):
      resolveCall(name, argumentCount: args.count, env)
      for arg in args { walk(arg, env) }
    case .index(let base, let index):
      walk(base, env)
      walk(index, env)
    case .slice(let base, let lower, let upper):
      walk(base, env)
      if let lower { walk(lower, env) }
      if let upper { walk(upper, env) }
    case .unary(_, let operand):
      walk(operand, env)
    case .binary(_, let lhs, let rhs):
      walk(lhs, env)
      walk(rhs, env)
    case .typeTest(let value, let type):
      walk(value, env)
      if !BuiltinNames.typeNameSet.contains(type.name) {
        let suggestion = Suggestions.closest(to: type.name, in: BuiltinNames.typeNames)
        diagnostics.append(.unknownType(type, suggestion: suggestion))
      }
    case .ternary(let condition, let then, let otherwise):
      walk(condition, env)
      walk(then, env)
      walk(otherwise, env)
    }
  }

  /// The arguments of a call to a method no type has. `list.all(x, x > 0)` is written as a
  /// CEL macro whose first argument names a loop variable: the unknown method is the one root
  /// cause, so an unbound name there is read as that variable in the later arguments rather
  /// than reported undefined.
  private mutating func walkUnknownMethodArguments(_ args: [Expr], _ env: Environment) {
    guard args.count >= 2, case .identifier(let variable) = args[0].kind, !isBoundLocally(variable, env),
      !scopes.service.globalVariableSet.contains(variable), !scopes.service.namespaceSet.contains(variable)
    else {
      for arg in args { walk(arg, env) }
      return
    }
    var inner = env
    inner.locals[variable] = .parameter
    for arg in args.dropFirst() { walk(arg, inner) }
  }

  /// Whether `name` is a local or a wildcard variable here (which hides globals and namespaces).
  private func isBoundLocally(_ name: String, _ env: Environment) -> Bool {
    env.locals[name] != nil || scopes.bindsVariable(name, from: env.block)
  }

  /// The namespace `base` names, if it is a bare namespace identifier not hidden by a variable.
  private func namespaceName(_ base: Expr, _ env: Environment) -> String? {
    guard case .identifier(let name) = base.kind, scopes.service.namespaceSet.contains(name),
      !isBoundLocally(name, env)
    else { return nil }
    return name
  }

  private mutating func resolveVariable(_ name: String, at range: SourceRange, _ env: Environment) {
    if let local = env.locals[name] {
      if case .binding(let index) = local, let function = env.function {
        letUsed[function][index] = true
      }
      return
    }
    if scopes.bindsVariable(name, from: env.block) || scopes.service.globalVariableSet.contains(name)
      || scopes.service.namespaceSet.contains(name)
    {
      return
    }
    let scope = scopes
    let suggestion = suggest(name) {
      env.locals.names + scope.visibleVariables(from: env.block) + scope.service.globalVariables
    }
    if let suggestion, case .binding(let index) = env.locals[suggestion], let function = env.function {
      letUsed[function][index] = true  // the typo, not the binding, is the problem
    }
    var notes = Suggestions.note(suggestion)
    for service in RulesService.known where service.rootVariable == name {
      notes.append(Diagnostic.Note("'\(name)' is bound only inside 'match \(service.rootText)'"))
      // `$(database)` in a Storage lookup path: the one database it may read is written out.
      if service.kind != scopes.service.kind, let database = scopes.service.lookupDatabase {
        notes.append(
          Diagnostic.Note(
            "\(scopes.service.title) rules read only the '\(database)' \(service.title) database: write "
              + "`/databases/\(database)/documents/...`"))
      }
    }

    diagnostics.append(
      .runtimeFailure(.checkUndefinedVariable, "undefined variable '\(name)'", at: range, notes: notes))
  }

  /// A did-you-mean candidate among names in scope. Scopes can be large, so after
  /// `suggestionBudget` lookups per file further diagnostics come without one; this keeps a
  /// pathological file (thousands of undefined names and functions) linear.
  private mutating func suggest(_ name: String, among candidates: () -> [String]) -> String? {
    guard suggestionsMade < Self.suggestionBudget else { return nil }
    suggestionsMade += 1
    return Suggestions.closest(to: name, in: candidates())
  }

  static let suggestionBudget = 100

  private mutating func resolveCall(_ name: Identifier, argumentCount: Int, _ env: Environment) {
    if let callee = scopes.resolveFunction(name.name, from: env.block) {
      calls.append(Call(caller: env.function, callee: callee, range: name.range))
      let decl = scopes.functions[callee].decl
      if decl.parameters.count != argumentCount {
        diagnostics.append(
          .wrongArity(
            "function '\(name.name)'", expected: decl.parameters.count...decl.parameters.count, given: argumentCount,
            at: name.range, notes: [Diagnostic.Note("'\(name.name)' declared here", at: decl.name.range)]))
      }
      return
    }
    if scopes.service.functionSet.contains(name.name), let builtin = scopes.service.functions[name.name] {
      checkBuiltin(builtin, displayName: name.name, argumentCount: argumentCount, range: name.range)
      return
    }
    let scope = scopes
    if let other = scopes.service.otherServiceWithLookup(namespace: nil, name: name.name),
      let lookup = LookupFunction(rawValue: name.name)
    {
      let instead =
        scopes.service.lookups.contains(lookup)
        ? "; here write \(scopes.service.spelling(of: lookup))(/databases/(default)/documents/...)" : ""
      diagnostics.append(
        .runtimeFailure(
          .checkUndefinedFunction,
          "'\(name.name)()' exists only in \(other.title) rules\(instead)", at: name.range))
      return
    }
    let suggestion = suggest(name.name) { scope.visibleFunctions(from: env.block) + scope.service.functions.keys }
    if let suggestion, let function = scopes.resolveFunction(suggestion, from: env.block) {
      suggestedFunctions.insert(function)
    }
    diagnostics.append(
      .runtimeFailure(
        .checkUndefinedFunction, "undefined function '\(name.name)'", at: name.range,
        notes: Suggestions.note(suggestion)))
  }

  private mutating func checkNamespaceCall(
    _ namespace: String, _ name: Identifier, argumentCount: Int, range: SourceRange
  ) {
    let members = scopes.service.namespaces[namespace] ?? [:]
    guard let builtin = members[name.name] else {
      let suggestion = Suggestions.closest(to: name.name, in: members.keys).map { "\(namespace).\($0)" }
      diagnostics.append(
        .runtimeFailure(
          .checkUnknownNamespaceMember, "'\(namespace)' has no function '\(name.name)'", at: name.range,
          notes: Suggestions.note(suggestion)))
      return
    }
    checkBuiltin(builtin, displayName: "\(namespace).\(name.name)", argumentCount: argumentCount, range: range)
  }

  private mutating func reportNamespaceProperty(_ namespace: String, _ name: Identifier) {
    let members = scopes.service.namespaces[namespace] ?? [:]
    if members[name.name] != nil {
      diagnostics.append(
        .runtimeFailure(
          .checkUnknownNamespaceMember, "'\(namespace).\(name.name)' is a function and must be called",
          at: name.range))
    } else {
      let suggestion = Suggestions.closest(to: name.name, in: members.keys).map { "\(namespace).\($0)" }
      diagnostics.append(
        .runtimeFailure(
          .checkUnknownNamespaceMember, "'\(namespace)' has no member '\(name.name)'", at: name.range,
          notes: Suggestions.note(suggestion)))
    }
  }

  private mutating func checkBuiltin(
    _ builtin: BuiltinFunction, displayName: String, argumentCount: Int, range: SourceRange
  ) {
    if case .unsupported(let reason) = builtin.status {
      diagnostics.append(
        .runtimeFailure(
          .checkUnsupportedFunction, "'\(displayName)()' is not supported by Cloud Firestore", at: range,
          notes: [Diagnostic.Note(reason)]))
      return
    }
    if case .emulatorOnly(let reason) = builtin.status {
      diagnostics.append(
        .runtimeFailure(
          .checkEmulatorOnlyFunction, "'\(displayName)()' works only in the emulator", at: range,
          notes: [Diagnostic.Note(reason)]))
    }
    if !builtin.arity.contains(argumentCount) {
      diagnostics.append(.wrongArity("'\(displayName)'", expected: builtin.arity, given: argumentCount, at: range))
    }
  }
}

extension Diagnostic {
  static func wrongArity(
    _ subject: String, expected: ClosedRange<Int>, given: Int, at range: SourceRange, notes: [Note] = []
  ) -> Diagnostic {
    let count =
      expected.count == 1
      ? "\(expected.lowerBound) argument\(expected.lowerBound == 1 ? "" : "s")"
      : "\(expected.lowerBound) to \(expected.upperBound) arguments"
    let was = given == 1 ? "was" : "were"
    return .runtimeFailure(
      .checkWrongArity, "\(subject) takes \(count) but \(given) \(was) given", at: range, notes: notes)
  }

  static func unknownType(_ type: TypeName, suggestion: String?) -> Diagnostic {
    .error(
      .checkUnknownType, "unknown type '\(type.name)' after 'is'", at: type.range,
      notes: Suggestions.note(suggestion))
  }
}
