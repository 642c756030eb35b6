/// Methods on `map`. `keys()` and `values()` are lists in key order (by code point).
enum MapMethods {
  static func call(_ entries: [String: RulesValue], _ name: String, _ args: [RulesValue]) throws(EvalError)
    -> RulesValue
  {
    switch name {
    case "size":
      try Arguments.expect(args, count: 0, name)
      return .int(Int64(entries.count))
    case "keys":
      try Arguments.expect(args, count: 0, name)
      return .list(sortedKeys(entries).map(RulesValue.string))
    case "values":
      try Arguments.expect(args, count: 0, name)
      return .list(sortedKeys(entries).map { entries[$0]! })
    case "get":
      try Arguments.expect(args, count: 2, name)
      return try get(entries, key: args[0], default: args[1])
    case "diff":
      guard args.count == 1 else { throw .functionNotFound(name) }
      guard case .map(let other) = args[0] else { throw .badArguments("map", name, args, expected: "map") }
      return .mapDiff(MapDiff(left: entries, right: other))
    default:
      throw .functionNotFound(name)
    }
  }

  /// Keys sorted by code point, so output never depends on dictionary order.
  static func sortedKeys(_ entries: [String: RulesValue]) -> [String] {
    entries.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// `get(key, default)` with a string key, or a list of string keys walked as a nested path:
  /// a missing key, or a hop through a value that is not a map, yields `default`.
  private static func get(_ entries: [String: RulesValue], key: RulesValue, default fallback: RulesValue)
    throws(EvalError) -> RulesValue
  {
    switch key {
    case .string(let k):
      return entries[k] ?? fallback
    case .list(let keys) where !keys.isEmpty:
      var current = RulesValue.map(entries)
      for hop in keys {
        guard case .string(let k) = hop else {
          throw .badArguments("map", "get", [key, fallback], expected: "list<string>,any")
        }
        guard case .map(let level) = current, let next = level[k] else { return fallback }
        current = next
      }
      return current
    default:
      throw .badArguments("map", "get", [key, fallback], expected: "string|list,any")
    }
  }
}
