enum MathFunctions {
  static func call(_ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    throw .functionNotFound(name)
  }
}
