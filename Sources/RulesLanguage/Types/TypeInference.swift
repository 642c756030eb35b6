/// Infers the static type of every expression in allow conditions and function bodies, and
/// records the places where the types make an operation certain to fail or to be constant.
/// Only certain types count (`StaticType`); unknown operands never produce a finding.
struct TypeInference {
  /// Something the types prove, at a place.
  enum Finding {
    /// `==`/`!=` between types that are never equal.
    case neverEqual(BinaryOperator, StaticType, StaticType, SourceRange)
    /// `<`... between types that cannot be ordered (a run-time error).
    case unorderable(BinaryOperator, StaticType, StaticType, SourceRange)
    /// `+ - * / %` on operands the engine rejects.
    case badArithmetic(BinaryOperator, StaticType, StaticType, SourceRange)
    /// A method the receiver's type does not have (the name exists on some other type).
    case missingMethod(StaticType, Identifier)
    /// An allow condition whose value is certainly not a bool.
    case nonBoolean(StaticType, SourceRange)
  }

  private struct Environment {
    var scope: Int
    var locals: NameBindings<StaticType>
    var wildcards: NameBindings<StaticType>

    func lookup(_ name: String) -> StaticType? {
      if let local = locals[name] { return local }
      return wildcards[name]
    }
  }

  let model: LintModel
  private(set) var findings: [Finding] = []
  private struct FunctionKey: Hashable {
    var scope: Int
    var name: String
  }
  private var returnTypes: [FunctionKey: StaticType] = [:]
  /// The functions being inferred, innermost last (a few at most: a list, not a set).
  private var inProgress: [FunctionKey] = []

  /// The certain type of each expression, by range; filled only when asked for (hover).
  private(set) var recorded: [SourceRange: StaticType]?

  init(_ model: LintModel, recordingTypes: Bool = false) {
    self.model = model
    if recordingTypes { recorded = [:] }
    for (index, function) in model.scopes.functions.enumerated() where model.scopes.isFirstDeclaration(index) {
      _ = functionType(function.decl, scope: function.block)
    }
    for match in model.matches {
      var wildcards = NameBindings<StaticType>()
      for segment in match.segments {
        switch segment.kind {
        case .literal: break
        case .wildcard(let name): wildcards[name] = .string
        case .recursiveWildcard(let name): wildcards[name] = .path
        }
      }
      for allow in match.allows {
        guard let condition = allow.condition else { continue }
        let type = infer(condition, Environment(scope: match.scope, locals: NameBindings(), wildcards: wildcards))
        if type.isKnown, type != .bool { findings.append(.nonBoolean(type, condition.range)) }
      }
    }
  }

  /// A function's result type, inferred once from its body with unknown parameters.
  private mutating func functionType(_ decl: FunctionDecl, scope: Int) -> StaticType {
    let key = FunctionKey(scope: scope, name: decl.name.name)
    if let known = returnTypes[key] { return known }
    guard !inProgress.contains(key) else { return .unknown }
    inProgress.append(key)
    var env = Environment(scope: scope, locals: NameBindings(), wildcards: NameBindings())
    for parameter in decl.parameters { env.locals[parameter.name] = .unknown }
    for binding in decl.lets { env.locals[binding.name.name] = infer(binding.value, env) }
    let type = infer(decl.body, env)
    inProgress.removeLast()
    returnTypes[key] = type
    return type
  }

  private mutating func infer(_ expr: Expr, _ env: Environment) -> StaticType {
    let type = inferKind(expr, env)
    if recorded != nil, type.isKnown { recorded?[expr.range] = type }
    return type
  }

  private mutating func inferKind(_ expr: Expr, _ env: Environment) -> StaticType {
    switch expr.kind {
    case .null: return .null
    case .bool: return .bool
    case .int: return .int
    case .float: return .float
    case .string: return .string
    case .bytes: return .bytes
    case .invalid: return .unknown
    case .list(let elements):
      for element in elements { _ = infer(element, env) }
      return .list
    case .map(let entries):
      for entry in entries { _ = infer(entry.value, env) }
      return .map
    case .path(let segments):
      for case .interpolation(let inner) in segments { _ = infer(inner, env) }
      return .path
    case .identifier(let name):
      if let local = env.lookup(name) { return local }
      return Self.globalType(name, in: model.scopes.service) ?? .unknown
    case .member(let base, let name):
      if let (known, root) = Self.globalMemberType(expr, in: model.scopes.service), env.lookup(root) == nil {
        return known
      }
      let baseType = infer(base, env)
      return Self.memberType(of: baseType, name.name, in: model.scopes.service) ?? .unknown
    case .call(let name, let args):
      // Only `debug` uses an argument's type: no array of them.
      var firstType: StaticType?
      for arg in args {
        let type = infer(arg, env)
        if firstType == nil { firstType = type }
      }
      if let (decl, scope) = model.function(name.name, from: env.scope) {
        return decl.parameters.count == args.count ? functionType(decl, scope: scope) : .unknown
      }
      if let lookup = model.scopes.service.lookupFunction(namespace: nil, name: name.name) {
        return lookup.returnsDocument ? .resource : .bool
      }
      switch name.name {
      case "int": return .int
      case "float": return .float
      case "string": return .string
      case "path": return .path
      case "debug": return firstType ?? .unknown
      default: return .unknown
      }
    case .methodCall(let base, let name, let args):
      for arg in args { _ = infer(arg, env) }
      if case .identifier(let namespace) = base.kind, env.lookup(namespace) == nil,
        model.scopes.service.namespaces[namespace] != nil
      {
        if let lookup = model.scopes.service.lookupFunction(namespace: namespace, name: name.name) {
          return lookup.returnsDocument ? .resource : .bool
        }
        return Self.namespaceResult(namespace, name.name, [])
      }
      let receiver = infer(base, env)
      guard let methods = receiver.methods else { return .unknown }
      if let result = methods[name.name] { return result }
      // Names no type has are `check.unknown-method`'s; report only names another type has.
      if BuiltinNames.methodSet.contains(name.name) { findings.append(.missingMethod(receiver, name)) }
      return .unknown
    case .index(let base, let index):
      _ = infer(base, env)
      _ = infer(index, env)
      return .unknown
    case .slice(let base, let lower, let upper):
      let type = infer(base, env)
      if let lower { _ = infer(lower, env) }
      if let upper { _ = infer(upper, env) }
      return type == .list || type == .string ? type : .unknown
    case .unary(let op, let operand):
      let type = infer(operand, env)
      switch op {
      case .not: return .bool
      case .negate: return type.isNumeric ? type : .unknown
      }
    case .binary(let op, let lhs, let rhs):
      let l = infer(lhs, env)
      let r = infer(rhs, env)
      switch op {
      case .and, .or, .in: return .bool
      case .equal, .notEqual:
        if l != .null, r != .null, !StaticType.mayBeEqual(l, r) { findings.append(.neverEqual(op, l, r, expr.range)) }
        return .bool
      case .less, .lessEqual, .greater, .greaterEqual:
        if StaticType.orderable(l, r) == false { findings.append(.unorderable(op, l, r, expr.range)) }
        return .bool
      case .add, .subtract, .multiply, .divide, .remainder:
        guard let result = StaticType.arithmetic(op, l, r) else {
          findings.append(.badArithmetic(op, l, r, expr.range))
          return .unknown
        }
        return result
      }
    case .typeTest(let value, _):
      _ = infer(value, env)
      return .bool
    case .ternary(let condition, let then, let otherwise):
      _ = infer(condition, env)
      let a = infer(then, env)
      let b = infer(otherwise, env)
      return a == b ? a : .unknown
    }
  }

  /// The certain type of a global name in `service` (`resource`: a document or an object).
  static func globalType(_ name: String, in service: RulesService) -> StaticType? {
    name == "resource" ? service.property(name)?.type.flatMap(StaticType.init(rawValue:)) : nil
  }

  /// The certain types of request and resource properties in `service` (its property table),
  /// with the root name a local could shadow. Matched on the tree's shape, root name first (few
  /// strings built: this runs for every member access of a file).
  static func globalMemberType(_ expr: Expr, in service: RulesService) -> (type: StaticType, root: String)? {
    guard case .member(let base, let name) = expr.kind else { return nil }
    let dotted: String
    let root: String
    switch base.kind {
    case .identifier(let first):
      guard first == "request" || first == "resource" else { return nil }
      root = first
      dotted = first + "." + name.name
    case .member(let inner, let middle):
      guard case .identifier(let first) = inner.kind, first == "request" || first == "resource" else { return nil }
      root = first
      dotted = first + "." + middle.name + "." + name.name
    default:
      return nil
    }
    guard let type = service.property(dotted)?.type.flatMap(StaticType.init(rawValue:)) else { return nil }
    return (type, root)
  }

  /// The type of the member `name` of a value of `type` (a document's `data`, an object's `size`).
  static func memberType(of type: StaticType, _ name: String, in service: RulesService) -> StaticType? {
    switch type {
    case .resource: return RulesService.documentMembers[name]?.type.flatMap(StaticType.init(rawValue:))
    case .object:
      return RulesService.objectMembers.first { $0.name == name }.flatMap { StaticType(rawValue: $0.type) }
    default: return nil
    }
  }

  static func namespaceResult(_ namespace: String, _ name: String, _ args: [StaticType]) -> StaticType {
    switch (namespace, name) {
    case ("math", "ceil"), ("math", "floor"), ("math", "round"): return .int
    case ("math", "sqrt"), ("math", "pow"): return .float
    case ("math", "abs"): return .number
    case ("math", "isNaN"): return .bool
    case ("timestamp", _): return .timestamp
    case ("duration", _): return .duration
    case ("latlng", _): return .latlng
    case ("hashing", _): return .bytes
    default: return .unknown
    }
  }
}
