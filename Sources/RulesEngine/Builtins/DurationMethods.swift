import FirestoreModel

enum DurationMethods {
  static func call(_ receiver: RulesDuration, _ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    throw .functionNotFound(name)
  }
}
