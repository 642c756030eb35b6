/// Checks on function declarations: duplicates in one scope, duplicate parameter or `let`
/// names, more than 7 parameters, more than 10 `let` bindings, and `let` under rules v1
/// (rules-language §2 note 6, §6.1, §6.8, §6.9).
enum DeclarationChecks {
  static let maxParameters = 7
  static let maxLets = 10

  static func run(_ scopes: ScopeModel, version: RulesVersion?) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    // Duplicate names within one block.
    for (index, function) in scopes.functions.enumerated() {
      let first = scopes.blocks[function.block].declared[function.decl.name.name]
      if let first, first != index {
        let original = scopes.functions[first].decl
        diagnostics.append(
          .error(
            .checkDuplicateFunction, "function '\(function.decl.name.name)' is already declared in this scope",
            at: function.decl.name.range,
            notes: [Diagnostic.Note("first declared here", at: original.name.range)]))
      }
    }
    var firstLet: LetBinding?
    for function in scopes.functions {
      let decl = function.decl
      diagnostics += parameterDiagnostics(decl)
      diagnostics += letDiagnostics(decl)
      if let binding = decl.lets.first, binding.range.start < firstLet?.range.start ?? Int.max { firstLet = binding }
    }
    if version == .v1, let binding = firstLet {
      diagnostics.append(
        .error(
          .checkLetRequiresV2, "'let' bindings require rules_version = '2'", at: binding.range,
          notes: [Diagnostic.Note("add rules_version = '2'; as the first line of the file")]))
    }
    return diagnostics
  }

  private static func parameterDiagnostics(_ decl: FunctionDecl) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var seen = SmallNameMap<SourceRange>()
    // An empty name stands where the parser could not read one; it was reported already.
    for parameter in decl.parameters where !parameter.name.isEmpty {
      if let earlier = seen[parameter.name] {
        diagnostics.append(
          .error(
            .checkDuplicateParameter, "duplicate parameter '\(parameter.name)' in function '\(decl.name.name)'",
            at: parameter.range, notes: [Diagnostic.Note("first declared here", at: earlier)]))
      } else {
        seen[parameter.name] = parameter.range
      }
    }
    if decl.parameters.count > maxParameters {
      let extra = decl.parameters[maxParameters...]
      let range = extra.first!.range.union(extra.last!.range)
      diagnostics.append(
        .error(
          .checkTooManyParameters,
          "function '\(decl.name.name)' has \(decl.parameters.count) parameters; the limit is \(maxParameters)",
          at: range))
    }
    return diagnostics
  }

  private static func letDiagnostics(_ decl: FunctionDecl) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var seen = SmallNameMap<SourceRange>()
    for parameter in decl.parameters where seen[parameter.name] == nil {
      seen[parameter.name] = parameter.range
    }
    for binding in decl.lets where !binding.name.name.isEmpty {
      if let earlier = seen[binding.name.name] {
        diagnostics.append(
          .error(
            .checkDuplicateVariable, "'\(binding.name.name)' is already defined in function '\(decl.name.name)'",
            at: binding.name.range, notes: [Diagnostic.Note("first defined here", at: earlier)]))
      } else {
        seen[binding.name.name] = binding.name.range
      }
    }
    if decl.lets.count > maxLets {
      diagnostics.append(
        .error(
          .checkTooManyLets,
          "function '\(decl.name.name)' has \(decl.lets.count) 'let' bindings; the limit is \(maxLets)",
          at: decl.lets[maxLets].range))
    }
    return diagnostics
  }
}
