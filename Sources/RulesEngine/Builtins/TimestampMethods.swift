import FirestoreModel

enum TimestampMethods {
  static func call(_ receiver: Timestamp, _ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    throw .functionNotFound(name)
  }
}
