/// Warnings for declarations nobody reads: functions never called (outside their own body)
/// and `let` bindings never referenced (the engine's `Unused variable: <name>.` warning,
/// rules-language §6.1). Functions in a recursion cycle are left to the recursion error, and a
/// function suggested for a misspelt call counts as called (one root cause, one diagnostic).
enum UsageWarnings {
  static func run(_ scopes: ScopeModel, resolution: NameResolution, recursive: Set<Int>) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var called = resolution.suggestedFunctions
    for call in resolution.calls where call.caller != call.callee {
      called.insert(call.callee)
    }
    for (index, function) in scopes.functions.enumerated() {
      let decl = function.decl
      // A duplicate declaration is already an error; do not also call it unused.
      let isShadowedDuplicate = scopes.blocks[function.block].declared[decl.name.name] != index
      if !called.contains(index), !recursive.contains(index), !isShadowedDuplicate {
        diagnostics.append(
          .warning(.checkUnusedFunction, "function '\(decl.name.name)' is never called", at: decl.name.range))
      }
      for (letIndex, binding) in decl.lets.enumerated() where !resolution.letUsed[index][letIndex] {
        diagnostics.append(
          .warning(.checkUnusedVariable, "unused variable '\(binding.name.name)'", at: binding.name.range))
      }
    }
    return diagnostics
  }
}
