/// Values the client wrote (fields of `request.resource.data`) and the checks a condition makes
/// on them, for the lints about client data that reaches the rules unchecked.
extension Expr {
  /// A field of the incoming document: `request.resource.data.F`, `request.resource.data['F']`
  /// or deeper (`request.resource.data.team.id`). The whole map itself is not a field.
  var isClientField: Bool {
    var node = self
    var depth = 0
    while !node.isChain(Chain.requestResourceData) {
      guard let base = node.accessBase else { return false }
      node = base
      depth += 1
    }
    return depth > 0
  }

  /// The receiver of a field access or index (`a` in `a.b`, `a[i]`).
  private var accessBase: Expr? {
    switch kind {
    case .member(let base, _), .index(let base, _): base
    default: nil
    }
  }

  /// The longest client fields read in the expression (`request.resource.data.team.id`, not
  /// also `request.resource.data.team`).
  var clientFields: [Expr] {
    var all: [Expr] = []
    forEachNode { if $0.isClientField { all.append($0) } }
    var inner = Set<Expr>()
    for field in all {
      var node = field
      while let base = node.accessBase, base.isClientField {
        inner.insert(base)
        node = base
      }
    }
    var seen = Set<Expr>()
    return all.filter { !inner.contains($0) && seen.insert($0).inserted }
  }

  /// The values the condition checks, anywhere in it: `v is T`, `v.matches(...)`, `v in x` and
  /// `v == x` where `x` is not client data, and `v.size()` compared with something. (Where the
  /// check sits, under `||` or after the use, is not judged: silence over guessing.)
  var validatedValues: Set<Expr> {
    var found = Set<Expr>()
    forEachNode { node in
      switch node.kind {
      case .typeTest(let value, _): found.insert(value)
      case .methodCall(let value, let name, _) where name.name == "matches": found.insert(value)
      case .binary(.in, let value, let list) where !list.readsIncomingData: found.insert(value)
      case .binary(let op, let l, let r):
        if op == .equal {
          if !r.readsIncomingData { found.insert(l) }
          if !l.readsIncomingData { found.insert(r) }
        }
        guard [.equal, .less, .lessEqual, .greater, .greaterEqual].contains(op) else { return }
        for side in [l, r] {
          if case .methodCall(let value, let name, let args) = side.kind, name.name == "size", args.isEmpty {
            found.insert(value)
          }
        }
      default: break
      }
    }
    return found
  }
}
