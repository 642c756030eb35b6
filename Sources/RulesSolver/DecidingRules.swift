import RulesEngine
import RulesLanguage

/// What decides one method on one path shape, as written: the language version, the applying
/// blocks' patterns (wildcard names included) with the conditions of their allows for the method,
/// and every user function those conditions reach, with the wildcards it sees.
///
/// Two rulesets whose deciding text is equal decide every request on the shape alike, whatever
/// the encoding would approximate: the same expressions over the same request and the same stored
/// documents give the same value. `flint diff` then answers "same" without asking the solver, so a
/// change confined to a few paths costs only those paths.
struct DecidingText: Equatable {
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
    /// The wildcards of the scope it is declared in (its body may read them).
    var wildcards: [String]
  }

  init(_ blocks: [FlatBlock], method: RequestMethod, version: RulesVersion) {
    self.version = version
    for block in blocks {
      let covering = block.allows.filter { allow in allow.methods.contains { method.isGranted(by: $0.method) } }
      if covering.isEmpty { continue }
      let conditions = covering.map(\.condition)
      self.blocks.append(Block(pattern: block.pattern, conditions: conditions))
      for condition in conditions.compactMap({ $0 }) { reach(condition, from: block.functions) }
    }
  }

  /// Records the user functions `expr` calls (looked up from `table`), and those their bodies
  /// call, each once.
  private mutating func reach(_ expr: Expr, from table: FunctionTable) {
    for name in expr.calledNames {
      guard let (declaration, declaring) = table.lookup(name) else { continue }
      let function = Function(declaration: declaration, wildcards: declaring.wildcards)
      if functions.contains(function) { continue }
      functions.append(function)
      for binding in declaration.lets { reach(binding.value, from: declaring) }
      reach(declaration.body, from: declaring)
    }
  }
}
