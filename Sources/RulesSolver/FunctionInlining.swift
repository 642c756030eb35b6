import RulesLanguage

/// The user functions visible in a scope, inner declarations shadowing outer ones (lexical
/// scoping: a function body sees the scope it was declared in).
final class FunctionTable {
  let parent: FunctionTable?
  private var declared: [String: FunctionDecl] = [:]
  /// The wildcards a function declared here may read.
  let wildcards: [String]

  init(parent: FunctionTable?, declaring functions: [FunctionDecl], wildcards: [String]) {
    self.parent = parent
    self.wildcards = wildcards
    for function in functions where declared[function.name.name] == nil { declared[function.name.name] = function }
  }

  /// The function called `name` and the table it was declared in.
  func lookup(_ name: String) -> (decl: FunctionDecl, table: FunctionTable)? {
    if let decl = declared[name] { return (decl, self) }
    return parent?.lookup(name)
  }
}

extension ExpressionEncoder {
  /// The engine's limit on nested user function calls.
  static let callDepthLimit = 20

  /// `name(args)`: a user function, inlined, or a global function.
  func call(_ expr: Expr, _ name: String, _ args: [Expr], _ scope: EncodingScope) -> SymbolicValue {
    if let (decl, table) = scope.functions.lookup(name) {
      guard decl.parameters.count == args.count else { return .error }
      guard scope.depth < Self.callDepthLimit else { return approximate(expr, "recursion", scope) }
      // The body sees the wildcards of its declaring scope, then its parameters and lets.
      var variables: [String: SymbolicValue] = [:]
      for wildcard in table.wildcards { variables[wildcard] = scope.variables[wildcard] }
      for (parameter, arg) in zip(decl.parameters, args) { variables[parameter.name] = encode(arg, scope) }
      var inner = EncodingScope(
        variables: variables, unknownNames: scope.unknownNames.intersection(table.wildcards), functions: table,
        depth: scope.depth + 1)
      for binding in decl.lets { inner.variables[binding.name.name] = encode(binding.value, inner) }
      return encode(decl.body, inner)
    }
    switch name {
    case "get", "exists", "getAfter", "existsAfter":
      guard args.count == 1 else { return .error }
      return read(expr, name, encode(args[0], scope), scope)
    case "debug":
      guard args.count == 1 else { return .error }
      return encode(args[0], scope)
    default:
      return approximate(expr, "\(name)()", scope)
    }
  }
}
