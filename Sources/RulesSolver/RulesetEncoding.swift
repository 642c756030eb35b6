import RulesEngine
import RulesLanguage

extension ScopeModel.Block {
  /// The pattern with wildcard names erased, so that `/users/{uid}` and `/users/{id}` pair up.
  var shapeKey: String {
    pattern.map {
      switch $0.kind {
      case .literal(let text): "/" + text
      case .wildcard: "/{}"
      case .recursiveWildcard: "/{**}"
      }
    }.joined()
  }

  /// This block with only `allows` (to encode some of its allows in its own scope).
  func keeping(_ allows: [AllowStatement]) -> ScopeModel.Block {
    var block = self
    block.allows = allows
    return block
  }
}

extension ExpressionEncoder {
  /// When the ruleset allows `method` on the shape's path: some matching block has an allow for
  /// the method whose condition is exactly true (spec §6.4).
  func allows(_ blocks: [ScopeModel.Block]) -> Term {
    // Storage's List API needs version 2: under version 1 no rule grants a list.
    if ruleset.service.listNeedsVersion2 && symbols.method == .list && ruleset.version == .v1 { return z3.false }
    var grants: [Term] = []
    for block in blocks {
      let covering = block.allows.filter { allow in allow.methods.contains { symbols.method.isGranted(by: $0.method) } }
      if covering.isEmpty { continue }
      let pattern = block.patternKinds
      for match in symbols.shape.matches(pattern, version: ruleset.version, method: symbols.method, symbols: symbols) {
        // The innermost binding of a name wins, as in the evaluator's `Environment`.
        var variables: [String: SymbolicValue] = [:]
        for binding in match.bindings { variables[binding.name] = binding.value }
        let scope = EncodingScope(
          variables: variables, unknownNames: match.unknownNames, wildcards: match.bindings, block: block.index,
          scopes: ruleset.scopes)
        for allow in covering {
          if let run = symbols.shape.recursiveRun, pattern.contains(where: \.isRecursiveWildcard) {
            noteBound(allow.range, "a recursive wildcard (at most \(run) segments)")
          }
          let condition = allow.condition.map { encode($0, scope).isTrue(in: z3) } ?? z3.true
          grants.append(z3.and([match.condition, condition]))
        }
      }
    }
    return z3.or(grants)
  }
}

/// The key universe of a question: every string literal and member name of the conditions that
/// decide it and of the functions they call, the keys a map's fields are created for. Any other
/// key is only counted: the conditions encoded cannot tell such keys apart.
enum KeyUniverse {
  /// The keys of the allows for one method on one shape, in both rulesets (what the question encodes).
  static func of(_ deciding: [DecidingRules]) -> [String] {
    var expressions: [Expr] = []
    for rules in deciding {
      for function in rules.functions {
        expressions += function.declaration.lets.map(\.value) + [function.declaration.body]
      }
      for block in rules.blocks { expressions += block.conditions.compactMap { $0 } }
    }
    return names(in: expressions)
  }

  private static func names(in expressions: [Expr]) -> [String] {
    var names: Set<String> = []
    func visit(_ expr: Expr) {
      switch expr.kind {
      case .string(let text): names.insert(text)
      case .member(_, let name): names.insert(name.name)
      case .map(let entries): names.formUnion(entries.map(\.key))
      default: break
      }
      for child in expr.children { visit(child) }
    }
    expressions.forEach(visit)
    return names.filter { !$0.isEmpty && $0.utf8.count <= longestKey }.sorted()
  }

  /// Longer names are left out of the universe (a member or literal that long is an approximation).
  static let longestKey = 64
}

extension MatchSegment.Kind {
  var isRecursiveWildcard: Bool {
    if case .recursiveWildcard = self { true } else { false }
  }
}
