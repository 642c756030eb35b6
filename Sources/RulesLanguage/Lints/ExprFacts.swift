/// Questions the lints ask of (inlined) expressions. Each answer errs on the side of silence:
/// "is this certainly X" returns false when unsure.
extension Expr {
  /// Every sub-expression, this one first (pre-order).
  func forEachNode(_ body: (Expr) -> Void) {
    body(self)
    switch kind {
    case .null, .bool, .int, .float, .string, .bytes, .invalid, .identifier: break
    case .list(let elements): for e in elements { e.forEachNode(body) }
    case .map(let entries): for e in entries { e.value.forEachNode(body) }
    case .path(let segments): for case .interpolation(let e) in segments { e.forEachNode(body) }
    case .member(let base, _): base.forEachNode(body)
    case .methodCall(let base, _, let args):
      base.forEachNode(body)
      for a in args { a.forEachNode(body) }
    case .call(_, let args): for a in args { a.forEachNode(body) }
    case .index(let b, let i):
      b.forEachNode(body)
      i.forEachNode(body)
    case .slice(let b, let l, let u):
      b.forEachNode(body)
      l?.forEachNode(body)
      u?.forEachNode(body)
    case .unary(_, let o): o.forEachNode(body)
    case .binary(_, let l, let r):
      l.forEachNode(body)
      r.forEachNode(body)
    case .typeTest(let v, _): v.forEachNode(body)
    case .ternary(let c, let t, let o):
      c.forEachNode(body)
      t.forEachNode(body)
      o.forEachNode(body)
    }
  }

  /// Whether some sub-expression satisfies `test` (pre-order; stops at the first).
  func contains(where test: (Expr) -> Bool) -> Bool {
    if test(self) { return true }
    switch kind {
    case .null, .bool, .int, .float, .string, .bytes, .invalid, .identifier: return false
    case .list(let elements): return elements.contains { $0.contains(where: test) }
    case .map(let entries): return entries.contains { $0.value.contains(where: test) }
    case .path(let segments):
      for case .interpolation(let e) in segments where e.contains(where: test) { return true }
      return false
    case .member(let base, _): return base.contains(where: test)
    case .methodCall(let base, _, let args):
      return base.contains(where: test) || args.contains { $0.contains(where: test) }
    case .call(_, let args): return args.contains { $0.contains(where: test) }
    case .index(let b, let i): return b.contains(where: test) || i.contains(where: test)
    case .slice(let b, let l, let u):
      return b.contains(where: test) || l?.contains(where: test) == true || u?.contains(where: test) == true
    case .unary(_, let o): return o.contains(where: test)
    case .binary(_, let l, let r): return l.contains(where: test) || r.contains(where: test)
    case .typeTest(let v, _): return v.contains(where: test)
    case .ternary(let c, let t, let o):
      return c.contains(where: test) || t.contains(where: test) || o.contains(where: test)
    }
  }

  /// The dotted name of a chain of identifiers and member accesses (`request.auth.uid`), else nil.
  var dottedName: String? {
    switch kind {
    case .identifier(let name): return name
    case .member(let base, let name): return base.dottedName.map { $0 + "." + name.name }
    default: return nil
    }
  }

  /// Whether this is exactly the member chain `names` (`["request", "auth", "uid"]`), checked
  /// structurally: no strings are built, so it is cheap enough for every node of a file.
  func isChain(_ names: [String]) -> Bool { isChain(names, upTo: names.count - 1) }

  /// Whether this is the chain `names[0...last]`. (Recursive on `self`, not a loop over a copied
  /// node: no copy of each link, which this test made for every node of every walk.)
  private func isChain(_ names: [String], upTo last: Int) -> Bool {
    if last <= 0 {
      if case .identifier(let root) = kind { return root == names[0] }
      return false
    }
    guard case .member(let base, let name) = kind, name.name == names[last] else { return false }
    return base.isChain(names, upTo: last - 1)
  }

  /// The literal `true` (parentheses are not nodes).
  var isTrueLiteral: Bool { if case .bool(true) = kind { true } else { false } }
  var isFalseLiteral: Bool { if case .bool(false) = kind { true } else { false } }
  var isNullLiteral: Bool { if case .null = kind { true } else { false } }

  /// The operands of a chain of `&&` (a non-`&&` expression is its own single conjunct).
  var conjuncts: [Expr] {
    if case .binary(.and, let l, let r) = kind { return l.conjuncts + r.conjuncts }
    return [self]
  }

  /// Calls `body` with each operand of a chain of `&&`, left to right, until it returns false
  /// (the walk `conjuncts` does, without building an array).
  @discardableResult
  func forEachConjunct(_ body: (Expr) -> Bool) -> Bool {
    if case .binary(.and, let l, let r) = kind { return l.forEachConjunct(body) && r.forEachConjunct(body) }
    return body(self)
  }

  /// `request.auth != null`, `null != request.auth`, `request.auth.uid != null` (either order).
  var isSignedInCheck: Bool {
    guard case .binary(.notEqual, let l, let r) = kind else { return false }
    guard let named = l.isNullLiteral ? r : (r.isNullLiteral ? l : nil) else { return false }
    return named.isChain(Chain.requestAuth) || named.isChain(Chain.requestAuthUID)
  }

  /// Whether the expression reads `request.resource` (the incoming document).
  var readsIncomingData: Bool {
    contains { $0.isChain(Chain.requestResource) }
  }

  /// Whether the expression reads the signed-in user's id or token.
  var readsAuthIdentity: Bool {
    contains { $0.isChain(Chain.requestAuthUID) || $0.isChain(Chain.requestAuthToken) }
  }

  /// Whether a call is left that is neither a built-in of `service` nor inlined: an undefined
  /// function (Firestore's unprefixed `get()` in a Storage file), or one the inliner stopped at
  /// (budget, depth, recursion). What it checks is unknown.
  func hasUnresolvedCall(in service: RulesService) -> Bool {
    contains { node in
      if case .call(let name, _) = node.kind { return service.functions[name.name] == nil }
      return false
    }
  }

  /// The lookup this node is in `service`, with its arguments: `get(p)` in Firestore,
  /// `firestore.get(p)` in Storage (`RulesService.lookupFunction(namespace:name:)`); nil for any
  /// other node.
  func lookupCall(in service: RulesService) -> (function: LookupFunction, arguments: [Expr])? {
    switch kind {
    case .call(let name, let arguments):
      return service.lookupFunction(namespace: nil, name: name.name).map { ($0, arguments) }
    case .methodCall(let base, let name, let arguments):
      guard case .identifier(let namespace) = base.kind else { return nil }
      return service.lookupFunction(namespace: namespace, name: name.name).map { ($0, arguments) }
    default:
      return nil
    }
  }

  /// Whether the expression calls one of `service`'s lookup functions.
  func performsLookup(in service: RulesService) -> Bool {
    contains { $0.lookupCall(in: service) != nil }
  }
}

/// Member chains the lints look for (`Expr.isChain`).
enum Chain {
  static let requestAuth = ["request", "auth"]
  static let requestAuthUID = ["request", "auth", "uid"]
  static let requestAuthToken = ["request", "auth", "token"]
  static let requestTime = ["request", "time"]
  static let requestResource = ["request", "resource"]
  static let requestResourceData = ["request", "resource", "data"]
  static let resourceData = ["resource", "data"]
  static let resourceSize = ["resource", "size"]
  static let requestResourceSize = ["request", "resource", "size"]
  static let requestResourceContentType = ["request", "resource", "contentType"]
  static let requestQuery = ["request", "query"]
  static let timestamp = ["timestamp"]
}
