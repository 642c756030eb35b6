/// Replaces user function calls by their bodies for the lints (`LintModel.inlined`).
/// Bounded: at most `budget` inlined nodes and `maxDepth` nested calls per condition, and a
/// function already being inlined (a recursion cycle, itself an error) is left as a call.
/// Subtrees with nothing to replace are shared with the original tree, not rebuilt.
struct Inliner {
  /// Where calls resolve (`LintModel.scopes`); the model itself is not copied in.
  let scopes: ScopeModel
  private var budget = 4_000
  private var active: [String] = []
  static let maxDepth = 8

  init(scopes: ScopeModel) { self.scopes = scopes }

  mutating func expand(_ expr: Expr, scope: Int, bindings: NameBindings<Expr>, depth: Int) -> Expr {
    replaced(expr, scope: scope, bindings: bindings, depth: depth) ?? expr
  }

  /// The expression with calls and bound names replaced, or nil when nothing changed.
  private mutating func replaced(_ expr: Expr, scope: Int, bindings: NameBindings<Expr>, depth: Int) -> Expr? {
    budget -= 1
    if budget < 0 { return nil }
    func sub(_ e: Expr) -> Expr? { replaced(e, scope: scope, bindings: bindings, depth: depth) }
    func rebuilt(_ kind: ExprKind) -> Expr { Expr(kind, range: expr.range) }
    /// Each expression replaced in order; a new array only once one changes.
    func all(_ exprs: [Expr]) -> [Expr]? {
      var result: [Expr]?
      for index in exprs.indices {
        guard let new = sub(exprs[index]) else { continue }
        if result == nil { result = exprs }
        result?[index] = new
      }
      return result
    }
    switch expr.kind {
    case .null, .bool, .int, .float, .string, .bytes, .invalid:
      return nil
    case .identifier(let name):
      return bindings.isEmpty ? nil : bindings[name]
    case .list(let elements):
      return all(elements).map { rebuilt(.list($0)) }
    case .map(let entries):
      let new = entries.map { sub($0.value) }
      guard new.contains(where: { $0 != nil }) else { return nil }
      return rebuilt(
        .map(zip(entries, new).map { MapEntry(key: $0.key, keyRange: $0.keyRange, value: $1 ?? $0.value) }))
    case .path(let segments):
      var changed = false
      let new = segments.map { segment -> PathSegment in
        guard case .interpolation(let inner) = segment, let r = sub(inner) else { return segment }
        changed = true
        return .interpolation(r)
      }
      return changed ? rebuilt(.path(new)) : nil
    case .member(let base, let name):
      return sub(base).map { rebuilt(.member($0, name)) }
    case .methodCall(let base, let name, let args):
      let b = sub(base)
      let new = all(args)
      guard b != nil || new != nil else { return nil }
      return rebuilt(.methodCall(b ?? base, name, new ?? args))
    case .call(let name, let args):
      let new = all(args)
      let arguments = new ?? args
      if depth < Self.maxDepth, !active.contains(name.name),
        let function = scopes.resolveFunction(name.name, from: scope).map({ scopes.functions[$0] }),
        function.decl.parameters.count == arguments.count
      {
        let (decl, declScope) = (function.decl, function.block)
        var inner = NameBindings<Expr>(capacity: decl.parameters.count + decl.lets.count)
        for (parameter, argument) in zip(decl.parameters, arguments) { inner[parameter.name] = argument }
        active.append(name.name)
        defer { active.removeLast() }
        for binding in decl.lets {
          inner[binding.name.name] = expand(binding.value, scope: declScope, bindings: inner, depth: depth + 1)
        }
        return expand(decl.body, scope: declScope, bindings: inner, depth: depth + 1)
      }
      return new != nil ? rebuilt(.call(name, arguments)) : nil
    case .index(let base, let index):
      let b = sub(base)
      let i = sub(index)
      guard b != nil || i != nil else { return nil }
      return rebuilt(.index(b ?? base, i ?? index))
    case .slice(let base, let lower, let upper):
      let b = sub(base)
      let l = lower.flatMap { sub($0) }
      let u = upper.flatMap { sub($0) }
      guard b != nil || l != nil || u != nil else { return nil }
      return rebuilt(.slice(b ?? base, l ?? lower, u ?? upper))
    case .unary(let op, let operand):
      return sub(operand).map { rebuilt(.unary(op, $0)) }
    case .binary(let op, let lhs, let rhs):
      let l = sub(lhs)
      let r = sub(rhs)
      guard l != nil || r != nil else { return nil }
      return rebuilt(.binary(op, l ?? lhs, r ?? rhs))
    case .typeTest(let value, let type):
      return sub(value).map { rebuilt(.typeTest($0, type)) }
    case .ternary(let condition, let then, let otherwise):
      let c = sub(condition)
      let t = sub(then)
      let o = sub(otherwise)
      guard c != nil || t != nil || o != nil else { return nil }
      return rebuilt(.ternary(c ?? condition, t ?? then, o ?? otherwise))
    }
  }
}
