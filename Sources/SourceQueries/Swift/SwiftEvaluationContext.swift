/// What the Swift reader knows about the code it is in, passed down by value: a nested call,
/// closure or helper gets its own copy, so nothing has to be saved and restored.
struct SwiftEvaluationContext {
  /// Whether queries that run are reported (off while a helper's body or a property is
  /// evaluated for its value: its own runs are reported where it is walked itself).
  var reporting = true
  /// Whether `return` reports the query it returns (a function called from elsewhere).
  var reportingReturns = false
  /// How many helper calls deep the evaluation is.
  var depth = 0
  /// The parameters of the function being walked: a query run on one was handed in, and is
  /// reported where it is handed over.
  var parameters: Set<String> = []
  /// The type whose code is walked (qualified, `Outer.Inner`): its members come before
  /// same-named ones of other types.
  var currentType: String?
  /// `self` inside an extension method of `Query` inlined at a call: the query it is called on.
  var selfValue: SourceValue?

  /// The context of a helper's body or a property's initializer, evaluated for its value.
  func inlined(type: String?, selfValue: SourceValue? = nil) -> Self {
    Self(reporting: false, reportingReturns: false, depth: depth + 1, currentType: type, selfValue: selfValue)
  }

  /// The same context with `type`'s members first (a static function called as `Type.name(...)`).
  func inType(_ type: String) -> Self {
    var copy = self
    copy.currentType = type
    return copy
  }

  /// The context inside a closure: it runs later, and its `return` is not the function's.
  var inClosure: Self {
    var copy = self
    copy.reportingReturns = false
    return copy
  }
}

/// How a block of statements ended: the values it returned, and whether it always leaves
/// (`return`, `throw`, `continue`, `fatalError()`), so its variables never reach the code after it.
struct SwiftFlow {
  var returns: [SourceValue] = []
  var exits = false
}
