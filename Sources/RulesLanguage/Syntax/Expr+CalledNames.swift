extension Expr {
  /// The names of the plain calls `name(args)` in this expression (not methods), each once,
  /// in first-use order.
  package var calledNames: [String] {
    var names: [String] = []
    var seen: Set<String> = []
    collectCalls(into: &names, &seen)
    return names
  }

  private func collectCalls(into names: inout [String], _ seen: inout Set<String>) {
    switch kind {
    case .null, .bool, .int, .float, .string, .bytes, .identifier, .invalid: return
    case .list(let items): for item in items { item.collectCalls(into: &names, &seen) }
    case .map(let entries): for entry in entries { entry.value.collectCalls(into: &names, &seen) }
    case .path(let segments):
      for case .interpolation(let inner) in segments { inner.collectCalls(into: &names, &seen) }
    case .member(let base, _): base.collectCalls(into: &names, &seen)
    case .call(let name, let args):
      if seen.insert(name.name).inserted { names.append(name.name) }
      for arg in args { arg.collectCalls(into: &names, &seen) }
    case .methodCall(let receiver, _, let args):
      receiver.collectCalls(into: &names, &seen)
      for arg in args { arg.collectCalls(into: &names, &seen) }
    case .index(let base, let index):
      base.collectCalls(into: &names, &seen)
      index.collectCalls(into: &names, &seen)
    case .slice(let base, let lower, let upper):
      base.collectCalls(into: &names, &seen)
      lower?.collectCalls(into: &names, &seen)
      upper?.collectCalls(into: &names, &seen)
    case .unary(_, let operand): operand.collectCalls(into: &names, &seen)
    case .binary(_, let left, let right):
      left.collectCalls(into: &names, &seen)
      right.collectCalls(into: &names, &seen)
    case .typeTest(let operand, _): operand.collectCalls(into: &names, &seen)
    case .ternary(let condition, let then, let otherwise):
      condition.collectCalls(into: &names, &seen)
      then.collectCalls(into: &names, &seen)
      otherwise.collectCalls(into: &names, &seen)
    }
  }
}
