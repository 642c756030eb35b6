/// The variables the chain reader knows at a point of a function: the names written in this
/// scope, over the scope it is nested in (a function over its file, the file over the names of
/// the whole group), and the names written since the scope was branched (`if`/`else`,
/// `switch`, loops), so that joining the branches looks at those names only. Starting a scope
/// or a branch copies nothing of the scopes around it: a minified bundle with thousands of
/// top-level names and functions stays linear.
struct ChainEnv: Sendable {
  /// An enclosing scope, frozen as it was when the inner one started.
  final class Frame: Sendable {
    let env: ChainEnv
    init(_ env: ChainEnv) { self.env = env }
  }

  private var locals: [String: SourceValue]
  private let parent: Frame?
  /// Names assigned since `branch()`.
  private(set) var written: Set<String> = []

  init(_ values: [String: SourceValue] = [:]) {
    locals = values
    parent = nil
  }

  private init(parent: Frame) {
    locals = [:]
    self.parent = parent
  }

  subscript(name: String) -> SourceValue? {
    get { locals[name] ?? parent?.env[name] }
    set {
      locals[name] = newValue
      written.insert(name)
    }
  }

  /// The value of a name written in this scope itself (a parameter or local of the function
  /// being read), not one of an enclosing scope, which other code may have changed since.
  func local(_ name: String) -> SourceValue? { locals[name] }

  /// A scope nested in this one (a function's body, a lambda's): it sees these names, and what it
  /// writes stays in it.
  func scope() -> ChainEnv { ChainEnv(parent: Frame(self)) }

  /// A copy for one branch: the same values, nothing written yet.
  func branch() -> ChainEnv {
    var copy = self
    copy.written = []
    return copy
  }

  /// Every name this scope writes over its enclosing ones (a file's top-level names).
  var ownValues: [String: SourceValue] { locals }

  /// The variables after one of `branches` ran (each a `branch()` of this scope): every name a
  /// branch wrote is merged across the branches (`SourceValue.merge`), a branch that did not
  /// write it holding it as this scope does. Names declared inside a branch stay there.
  /// `orNone`: the branches may also all be skipped (a loop, a `when` without `else`).
  mutating func join(_ branches: [ChainEnv], orNone: Bool = false) {
    guard !branches.isEmpty else { return }
    var names: Set<String> = []
    for branch in branches { names.formUnion(branch.written) }
    for name in names {
      guard let base = self[name] else { continue }
      var value = orNone ? base : (branches[0][name] ?? base)
      for branch in branches.dropFirst(orNone ? 0 : 1) { value = SourceValue.merge(value, branch[name] ?? base) }
      self[name] = value
    }
  }
}
