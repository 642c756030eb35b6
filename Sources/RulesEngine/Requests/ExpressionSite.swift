import FirestoreModel
import RulesLanguage

/// Where a standalone expression (`flint expr`) runs: the function scope its calls resolve
/// in and the match wildcards it sees, as the engine would set them up for a request.
package struct ExpressionSite: Sendable {
  /// The block calls resolve from (an index into `Ruleset.scopes`, or its `anywhere`).
  let scope: Int
  /// The wildcards bound by the chosen match block, outermost first.
  let variables: [Binding]
  /// The chosen block's complete pattern, or nil for a site that is no match block.
  package let pattern: String?
  /// The wildcard names and the values they took, outermost first.
  package var wildcards: [(name: String, value: RulesValue?)] {
    variables.map { ($0.name, try? $0.value.get()) }
  }
}

extension Ruleset {
  /// The site of an expression written at service level: calls see the top-level and
  /// service functions, no wildcards are bound.
  package var serviceSite: ExpressionSite {
    ExpressionSite(scope: scopes.serviceBlock, variables: [], pattern: nil)
  }

  /// A site where every function whose name is declared once in the file is callable (the
  /// calls inside it still resolve in the function's own scope). Names declared more than
  /// once are not callable here; see `functionSites(named:)`.
  package var anywhereSite: ExpressionSite {
    ExpressionSite(scope: scopes.anywhere, variables: [], pattern: nil)
  }

  /// The site of a request for document `path`: the innermost (deepest) match block whose
  /// complete pattern matches it, with its wildcards bound and its functions visible. Of
  /// several equally deep blocks the first in source order is chosen. Nil when no block matches.
  package func site(at path: ResourcePath, database: String = DatabaseID.default) -> ExpressionSite? {
    let elements: [PathElement] =
      service.rootSegments(binding: service.kind == .storage ? "default-bucket" : database).map(PathElement.segment)
      + path.segments.map { .segment($0) }
    var best: (match: RequestMatcher.Match, depth: Int)?
    for match in RequestMatcher.matches(nodes, elements) {
      let depth = scopeDepth(nodes[match.node].scope)
      if best == nil || depth > best!.depth { best = (match, depth) }
    }
    guard let best else { return nil }
    let node = nodes[best.match.node]
    return ExpressionSite(
      scope: node.scope, variables: best.match.bindings.map { Binding(name: $0.name, value: $0.value.outcome) },
      pattern: node.patternText)
  }

  /// Every declaration of a user function called `name`, in source order.
  package func functionSites(named name: String) -> [FunctionSite] {
    let scopes = self.scopes
    return scopes.functions.indices.filter {
      scopes.functions[$0].decl.name.name == name && scopes.isFirstDeclaration($0)
    }.map { index in
      let function = scopes.functions[index]
      let location = source.location(of: function.decl.name.range.start)
      let pattern = nodes.first { $0.scope == function.block }?.patternText
      return FunctionSite(name: name, line: location.line, column: location.column, pattern: pattern)
    }
  }

  /// How many scopes enclose `scope` (the top level is 0).
  private func scopeDepth(_ scope: Int) -> Int {
    let blocks = scopes.blocks
    var depth = 0
    var current = blocks[scope].parent
    while let parent = current {
      depth += 1
      current = blocks[parent].parent
    }
    return depth
  }
}
