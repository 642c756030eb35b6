import RulesLanguage

/// Collects the sub-expressions the evaluator records as trace nodes of their own: every
/// expression it calls `eval` on. Two kinds of node are never evaluated by themselves and are
/// left out: the `request` in `request.x` (read as one field) and the namespace in
/// `math.abs(x)` (a name, not a value).
struct EvaluatedExpressions {
  private var seen: [SourceRange: Bool] = [:]

  /// The expressions added, by start offset (then widest first).
  var sorted: [CoverageTargets.Expression] {
    seen.map { CoverageTargets.Expression(range: $0.key, isCondition: $0.value) }
      .sorted { ($0.range.start, -$0.range.end) < ($1.range.start, -$1.range.end) }
  }

  mutating func add(_ expr: Expr, isCondition: Bool) {
    if expr.range == .none { return }
    seen[expr.range] = (seen[expr.range] ?? false) || isCondition
    switch expr.kind {
    case .null, .bool, .int, .float, .string, .bytes, .identifier, .invalid: return
    case .list(let items): for item in items { add(item, isCondition: false) }
    case .map(let entries): for entry in entries { add(entry.value, isCondition: false) }
    case .path(let segments):
      for case .interpolation(let inner) in segments { add(inner, isCondition: false) }
    case .member(let base, _):
      if case .identifier(let name) = base.kind, name == "request" { return }
      add(base, isCondition: false)
    case .call(_, let args):
      for arg in args { add(arg, isCondition: false) }
    case .methodCall(let receiver, _, let args):
      if case .identifier(let name) = receiver.kind,
        BuiltinNames.namespaces[name] != nil || RulesService.known.contains(where: { $0.lookupNamespace == name })
      {
      } else {
        add(receiver, isCondition: false)
      }
      for arg in args { add(arg, isCondition: false) }
    case .index(let base, let index):
      add(base, isCondition: false)
      add(index, isCondition: false)
    case .slice(let base, let lower, let upper):
      add(base, isCondition: false)
      if let lower { add(lower, isCondition: false) }
      if let upper { add(upper, isCondition: false) }
    case .unary(_, let operand): add(operand, isCondition: false)
    case .binary(let op, let left, let right):
      let logical = op == .and || op == .or
      add(left, isCondition: logical)
      add(right, isCondition: logical)
    case .typeTest(let operand, _): add(operand, isCondition: false)
    case .ternary(let condition, let then, let otherwise):
      add(condition, isCondition: true)
      add(then, isCondition: false)
      add(otherwise, isCondition: false)
    }
  }
}
