/// The engine's built-in methods and namespace functions, on plain values.
///
/// Functions that need the request context (`get`, `exists`, `getAfter`, `existsAfter`,
/// `debug`) are the evaluator's, not these. Unknown names and wrong arities report
/// `Function not found error: Name: [<name>].`; a `null` receiver reports `Null value error.`
package enum Builtins {
  /// `receiver.name(args)` for a value receiver, e.g. `'a'.size()`.
  package static func callMethod(_ receiver: RulesValue, _ name: String, _ args: [RulesValue]) throws(EvalError)
    -> RulesValue
  {
    switch receiver {
    case .null: throw .nullValue
    case .string(let s): return try StringMethods.call(s, name, args)
    case .bytes(let b): return try BytesMethods.call(b, name, args)
    case .list(let items): return try ListMethods.call(items, name, args)
    case .set(let items): return try SetMethods.call(items, name, args)
    case .map(let entries): return try MapMethods.call(entries, name, args)
    case .mapDiff(let diff): return try MapDiffMethods.call(diff, name, args)
    case .path(let path): return try PathMethods.call(path, name, args)
    case .timestamp(let t): return try TimestampMethods.call(t, name, args)
    case .duration(let d): return try DurationMethods.call(d, name, args)
    case .latlng(let g): return try LatLngMethods.call(g, name, args)
    case .bool, .int, .float: throw .functionNotFound(name)
    }
  }

  /// `namespace.name(args)` for `math`, `timestamp`, `duration`, `latlng`, `hashing`.
  package static func callNamespaceFunction(_ namespace: String, _ name: String, _ args: [RulesValue])
    throws(EvalError) -> RulesValue
  {
    switch namespace {
    case "math": return try MathFunctions.call(name, args)
    case "timestamp": return try TimestampFunctions.call(name, args)
    case "duration": return try DurationFunctions.call(name, args)
    case "latlng": return try LatLngFunctions.call(name, args)
    case "hashing": return try HashingFunctions.call(name, args)
    default: throw .functionNotFound("\(namespace).\(name)")
    }
  }

  /// Global functions on values: `int()`, `float()`, `string()`, `path()`.
  ///
  /// `bool()` is documented but production reports it missing, so it is not found here.
  package static func callGlobalFunction(_ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    try Conversions.call(name, args)
  }

  /// The global functions `callGlobalFunction` knows.
  package static let globalFunctions: Set<String> = ["int", "float", "string", "path"]
}

/// Argument checking shared by the built-ins.
enum Arguments {
  /// Throws `Function not found` unless there are exactly `count` arguments.
  static func expect(_ args: [RulesValue], count: Int, _ name: String) throws(EvalError) {
    if args.count != count { throw .functionNotFound(name) }
  }

  /// The only argument of a one-argument function.
  static func single(_ args: [RulesValue], _ name: String) throws(EvalError) -> RulesValue {
    try expect(args, count: 1, name)
    return args[0]
  }

  /// A number argument as a float (ints are coerced), or nil for other types.
  static func number(_ value: RulesValue) -> Double? {
    switch value {
    case .int(let i): Double(i)
    case .float(let f): f
    default: nil
    }
  }
}
