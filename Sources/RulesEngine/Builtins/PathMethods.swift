import FirestoreModel

enum PathMethods {
  static func call(_ receiver: RulesPath, _ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    throw .functionNotFound(name)
  }
}
