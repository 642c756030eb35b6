/// A name bound to a value or to an error (a `let` whose value failed).
struct Binding: Sendable {
  var name: String
  var value: Result<RulesValue, EvalError>
}

/// The variables an expression can see, innermost first: function parameters and `let`s,
/// then the wildcards of the enclosing matches (or the caller's custom bindings), then
/// the globals `request` and `resource` that the evaluation context provides.
///
/// Keeping lookups behind this type lets another engine (e.g. a query prover) evaluate
/// the same expressions with other bindings.
struct Environment: Sendable {
  /// Match wildcards (or custom bindings), outermost first.
  var variables: [Binding]
  /// How many of `variables` (from the start) are visible here.
  var visibleVariables: Int
  /// Parameters and `let`s of the current function call, in binding order.
  var locals: [Binding]
  /// The block calls resolve from (an index into `Ruleset.scopes`), or nil.
  var scope: Int?

  init(variables: [Binding], scope: Int?) {
    self.variables = variables
    self.visibleVariables = variables.count
    self.locals = []
    self.scope = scope
  }

  /// The innermost binding of `name`, if any (globals excluded).
  func lookup(_ name: String) -> Result<RulesValue, EvalError>? {
    let length = name.utf8.count
    var index = locals.count - 1
    while index >= 0 {
      if Self.same(locals[index].name, name, length) { return locals[index].value }
      index -= 1
    }
    index = visibleVariables - 1
    while index >= 0 {
      if Self.same(variables[index].name, name, length) { return variables[index].value }
      index -= 1
    }
    return nil
  }

  /// String equality with a length check first: unequal names of different lengths (the
  /// common case) are rejected without Swift's general comparison.
  @inline(__always)
  static func same(_ a: String, _ b: String, _ bLength: Int) -> Bool {
    a.utf8.count == bLength && a == b
  }

  /// Whether `name` is bound here (so it shadows a global or namespace of that name).
  func binds(_ name: String) -> Bool { lookup(name) != nil }

  /// The environment of a call to a function declared in `scope`, which sees only the
  /// first `visibleWildcards` variables (its lexical scope) plus its parameters.
  func forCall(scope: Int, visibleWildcards: Int, parameters: [Binding]) -> Environment {
    var callee = self
    callee.visibleVariables = min(visibleWildcards, variables.count)
    callee.locals = parameters
    callee.scope = scope
    return callee
  }
}
