/// A few names bound to values (a function's parameters and `let`s, a match's wildcards), as
/// the inliner and type inference keep them. Binding a name again hides the earlier value, as a
/// dictionary assignment would; lookups scan from the newest. With the handful of names a rules
/// function has, comparing strings is cheaper than hashing them into a dictionary.
struct NameBindings<Value> {
  private var names: [String] = []
  private var values: [Value] = []

  init() {}

  init(capacity: Int) {
    names.reserveCapacity(capacity)
    values.reserveCapacity(capacity)
  }

  var isEmpty: Bool { names.isEmpty }

  subscript(name: String) -> Value? {
    get {
      var index = names.count - 1
      while index >= 0 {
        if names[index] == name { return values[index] }
        index -= 1
      }
      return nil
    }
    set {
      guard let newValue else { preconditionFailure("NameBindings cannot unbind a name") }
      names.append(name)
      values.append(newValue)
    }
  }
}
