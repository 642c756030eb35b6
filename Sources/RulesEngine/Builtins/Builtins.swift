/// The engine's built-in methods and namespace functions, on plain values.
///
/// Functions that need the request context (`get`, `exists`, `getAfter`, `existsAfter`,
/// `debug`) are the evaluator's, not these.
public enum Builtins {
  /// `receiver.name(args)` for a value receiver, e.g. `'a'.size()`.
  public static func callMethod(_ receiver: RulesValue, _ name: String, _ args: [RulesValue]) throws(EvalError)
    -> RulesValue
  {
    throw EvalError("Function not found error: Name: [\(name)].")
  }

  /// `namespace.name(args)` for `math`, `timestamp`, `duration`, `latlng`, `hashing`.
  public static func callNamespaceFunction(_ namespace: String, _ name: String, _ args: [RulesValue])
    throws(EvalError) -> RulesValue
  {
    throw EvalError("Function not found error: Name: [\(namespace).\(name)].")
  }

  /// Global functions on values: `int()`, `float()`, `string()`, `path()`, ...
  public static func callGlobalFunction(_ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    throw EvalError("Function not found error: Name: [\(name)].")
  }
}
