/// `x in collection`: list and set membership use rules equality; `k in map` tests the
/// map's own keys. Anything else (strings, paths, a non-string key for a map) is an error.
extension Operators {
  static func contains(_ collection: RulesValue, _ element: RulesValue) throws(EvalError) -> Bool {
    switch collection {
    case .list(let items), .set(let items):
      return items.contains { $0.rulesEquals(element) }
    case .map(let entries):
      guard case .string(let key) = element else {
        throw EvalError("Unsupported operation error. Received: \(element.typeName) in map. Expected: string in map.")
      }
      return entries[key] != nil
    case .null:
      throw .nullValue
    default:
      throw .typeError(received: collection.typeName, expected: ["list", "map", "set"])
    }
  }
}
