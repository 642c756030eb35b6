import RulesEngine
import RulesLanguage

extension ExpressionEncoder {
  /// `name(args)`: a user function, inlined, or a global function.
  ///
  /// A user function is resolved through the ruleset's `ScopeModel`, the seam the evaluator and
  /// the query prover resolve through (`Ruleset.function(named:inScope:)`), and its body sees
  /// what the evaluator's does: the first `visibleWildcards` of the match's bindings (those of
  /// the block it is declared in, not the caller's), then its parameters and `let`s.
  func call(_ expr: Expr, _ name: String, _ args: [Expr], _ scope: EncodingScope) -> SymbolicValue {
    if let function = ruleset.function(named: name, inScope: scope.block) {
      let decl = function.decl
      guard decl.parameters.count == args.count else { return .error }
      guard scope.depth < RulesLimits.callDepth else { return approximate(expr, "recursion", scope) }
      let visible = scope.wildcards.prefix(function.visibleWildcards)
      var variables: [String: SymbolicValue] = [:]
      for binding in visible { variables[binding.name] = binding.value }
      for (parameter, arg) in zip(decl.parameters, args) { variables[parameter.name] = encode(arg, scope) }
      var inner = EncodingScope(
        variables: variables, unknownNames: scope.unknownNames.intersection(visible.map(\.name)),
        wildcards: scope.wildcards, block: function.scope, scopes: scope.scopes, depth: scope.depth + 1)
      for binding in decl.lets { inner.variables[binding.name.name] = encode(binding.value, inner) }
      return encode(decl.body, inner)
    }
    if let lookup = ruleset.service.lookupFunction(namespace: nil, name: name) {
      guard args.count == 1 else { return .error }
      return read(expr, lookup, encode(args[0], scope), scope)
    }
    switch name {
    case "debug":
      guard args.count == 1 else { return .error }
      return encode(args[0], scope)
    default:
      return approximate(expr, "\(name)()", scope)
    }
  }
}
