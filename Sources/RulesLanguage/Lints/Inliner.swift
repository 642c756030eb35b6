/// Replaces user function calls by their bodies for the lints (`LintModel.inlined`).
/// Bounded: at most `budget` inlined nodes and `maxDepth` nested calls per condition, and a
/// function already being inlined (a recursion cycle, itself an error) is left as a call.
struct Inliner {
  let model: LintModel
  private var budget = 4_000
  private var active: [String] = []
  static let maxDepth = 8

  init(model: LintModel) { self.model = model }

  mutating func expand(_ expr: Expr, scope: Int, bindings: [String: Expr], depth: Int) -> Expr {
    budget -= 1
    if budget < 0 { return expr }
    func sub(_ e: Expr) -> Expr { expand(e, scope: scope, bindings: bindings, depth: depth) }
    var kind = expr.kind
    switch expr.kind {
    case .null, .bool, .int, .float, .string, .bytes, .invalid:
      return expr
    case .identifier(let name):
      if let bound = bindings[name] { return bound }
      return expr
    case .list(let elements):
      kind = .list(elements.map { sub($0) })
    case .map(let entries):
      kind = .map(entries.map { MapEntry(key: $0.key, keyRange: $0.keyRange, value: sub($0.value)) })
    case .path(let segments):
      kind = .path(
        segments.map { segment in
          if case .interpolation(let inner) = segment { return .interpolation(sub(inner)) }
          return segment
        })
    case .member(let base, let name):
      kind = .member(sub(base), name)
    case .methodCall(let base, let name, let args):
      kind = .methodCall(sub(base), name, args.map { sub($0) })
    case .call(let name, let args):
      let arguments = args.map { sub($0) }
      if depth < Self.maxDepth, !active.contains(name.name), let (decl, declScope) = model.function(name.name, from: scope),
        decl.parameters.count == arguments.count
      {
        var inner: [String: Expr] = [:]
        for (parameter, argument) in zip(decl.parameters, arguments) { inner[parameter.name] = argument }
        active.append(name.name)
        defer { active.removeLast() }
        for binding in decl.lets {
          inner[binding.name.name] = expand(binding.value, scope: declScope, bindings: inner, depth: depth + 1)
        }
        return expand(decl.body, scope: declScope, bindings: inner, depth: depth + 1)
      }
      kind = .call(name, arguments)
    case .index(let base, let index):
      kind = .index(sub(base), sub(index))
    case .slice(let base, let lower, let upper):
      kind = .slice(sub(base), lower.map { sub($0) }, upper.map { sub($0) })
    case .unary(let op, let operand):
      kind = .unary(op, sub(operand))
    case .binary(let op, let lhs, let rhs):
      kind = .binary(op, sub(lhs), sub(rhs))
    case .typeTest(let value, let type):
      kind = .typeTest(sub(value), type)
    case .ternary(let condition, let then, let otherwise):
      kind = .ternary(sub(condition), sub(then), sub(otherwise))
    }
    return Expr(kind, range: expr.range)
  }
}
