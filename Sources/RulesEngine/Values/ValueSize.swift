/// The size cap on values the engine builds: string concatenation, `replace`, `join`,
/// `concat`, `union`, byte/text conversions and list/map literals.
///
/// The spec is silent ([UNKNOWN]); Firestore documents are at most 1 MiB and requests 10 MiB,
/// so real data never comes near the cap. Without it a chain such as
/// `'x'.replace('x', 'xxxx').replace('x', 'xxxx')...` grows until memory runs out, and lists
/// that hold the same list twice, nested (`let b = [a, a]; let c = [b, b]; ...`), make
/// comparing, hashing or printing them exponential. Fail closed: a built value over the cap is
/// a limit error, which denies the request (`|| true` does not absorb it).
package enum ValueSize {
  /// The most a built value may weigh: one per value, plus the UTF-8 bytes of each string and
  /// the length of each bytes value, counted through nested lists, maps and sets.
  package static let limit = 4 << 20

  /// The error for a value over the cap.
  package static let tooLarge = EvalError.limit(
    "Range error: value too large (the engine builds values of at most \(limit >> 20) MiB).")

  /// `value` when it weighs at most `limit`; the walk stops as soon as the cap is passed, so a
  /// check costs at most `limit` steps however the value shares its parts.
  package static func checked(_ value: RulesValue) throws(EvalError) -> RulesValue {
    var budget = limit
    guard fits(value, &budget) else { throw tooLarge }
    return value
  }

  /// Throws unless a string or bytes value of `count` bytes is within the cap.
  package static func check(byteCount count: Int) throws(EvalError) {
    if count > limit { throw tooLarge }
  }

  /// Spends `value`'s weight from `budget`; false as soon as the budget runs out.
  private static func fits(_ value: RulesValue, _ budget: inout Int) -> Bool {
    budget -= 1
    switch value {
    case .string(let s): budget -= s.utf8.count
    case .bytes(let b): budget -= b.count
    case .list(let items), .set(let items):
      for item in items where budget >= 0 {
        if !fits(item, &budget) { return false }
      }
    case .map(let entries):
      for (key, item) in entries where budget >= 0 {
        budget -= key.utf8.count
        if !fits(item, &budget) { return false }
      }
    case .null, .bool, .int, .float, .mapDiff, .path, .timestamp, .duration, .latlng: break
    }
    return budget >= 0
  }
}
