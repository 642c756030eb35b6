import FirestoreModel

enum LatLngMethods {
  static func call(_ receiver: GeoPoint, _ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    throw .functionNotFound(name)
  }
}
