import RulesEngine
import RulesLanguage

/// What decides one method on one path shape, as written: the language version, the applying
/// blocks' patterns (wildcard names included) with the conditions of their allows for the method,
/// and every user function those conditions reach, with the wildcards it sees.
///
/// Two rulesets whose deciding rules are equal decide every request on the shape alike, whatever
/// the encoding would approximate: the same expressions over the same request and the same stored
/// documents give the same value. `flint diff` then answers "same" without asking the solver, so a
/// change confined to a few paths costs only those paths.
struct DecidingRules: Equatable {
  var version: RulesVersion
  var blocks: [Block] = []
  var functions: [Function] = []

  struct Block: Equatable {
    var pattern: [MatchSegment.Kind]
    /// One per allow covering the method; nil for an allow without a condition.
    var conditions: [Expr?]
  }

  struct Function: Equatable {
    var declaration: FunctionDecl
    /// The wildcards its body sees, outermost first (its declaring block's).
    var wildcards: [String]
  }

  init(_ blocks: [ScopeModel.Block], in scopes: ScopeModel, method: RequestMethod, version: RulesVersion) {
    self.version = version
    for block in blocks {
      let covering = block.allows.filter { allow in allow.methods.contains { method.isGranted(by: $0.method) } }
      if covering.isEmpty { continue }
      let conditions = covering.map(\.condition)
      self.blocks.append(Block(pattern: block.patternKinds, conditions: conditions))
      for condition in conditions.compactMap({ $0 }) { reach(condition, from: block.index, scopes) }
    }
  }

  /// Records the user functions `expr` calls (resolved from `block`), and those their bodies
  /// call, each once.
  private mutating func reach(_ expr: Expr, from block: Int, _ scopes: ScopeModel) {
    for name in expr.calledNames {
      guard let index = scopes.resolveFunction(name, from: block) else { continue }
      let declared = scopes.functions[index]
      let function = Function(declaration: declared.decl, wildcards: scopes.blocks[declared.block].wildcards)
      if functions.contains(function) { continue }
      functions.append(function)
      for binding in declared.decl.lets { reach(binding.value, from: declared.block, scopes) }
      reach(declared.decl.body, from: declared.block, scopes)
    }
  }
}
