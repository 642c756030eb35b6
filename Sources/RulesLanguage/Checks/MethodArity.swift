/// The argument counts the built-in methods accept (rules-language §4.6-§4.15), by name,
/// over every type that has the method. The engine answers any other count with
/// `Function not found`, so the check warns (Google's compiler is not known to reject such
/// a call, and a file it accepts must never be a Flint error).
package enum MethodArity {
  package static let counts: [String: Set<Int>] = {
    var counts: [String: Set<Int>] = [:]
    let none = [
      "size", "lower", "upper", "trim", "toUtf8", "toBase64", "toHexString", "toSet", "keys", "values",
      "addedKeys", "removedKeys", "changedKeys", "unchangedKeys", "affectedKeys", "date", "year", "month", "day",
      "hours", "minutes", "seconds", "nanos", "dayOfWeek", "dayOfYear", "time", "toMillis", "latitude", "longitude",
    ]
    let one = [
      "matches", "split", "concat", "hasAll", "hasAny", "hasOnly", "join", "removeAll", "difference", "intersection",
      "union", "diff", "bind", "distance",
    ]
    for name in none { counts[name, default: []].insert(0) }
    for name in one { counts[name, default: []].insert(1) }
    for name in ["replace", "get"] { counts[name, default: []].insert(2) }
    return counts
  }()

  /// The warning for `name(...)` with `count` arguments, or nil when some type accepts it
  /// (or the method is unknown: `check.unknown-method` covers that).
  static func check(_ name: Identifier, argumentCount count: Int) -> Diagnostic? {
    guard let accepted = counts[name.name], !accepted.contains(count) else { return nil }
    let expected = accepted.sorted().map(String.init).joined(separator: " or ")
    return .warning(
      .checkMethodArity,
      "'\(name.name)' takes \(expected) argument\(accepted == [1] ? "" : "s"), not \(count); every request that evaluates this call is denied ('Function not found')",
      at: name.range)
  }
}
