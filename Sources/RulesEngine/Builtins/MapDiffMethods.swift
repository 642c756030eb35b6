/// Methods on `map_diff` (from `new.diff(old)`): each returns a set of keys, sorted by
/// code point. Value comparison is rules equality.
enum MapDiffMethods {
  static func call(_ diff: MapDiff, _ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    try Arguments.expect(args, count: 0, name)
    let keys: [String]
    switch name {
    case "addedKeys": keys = added(diff)
    case "removedKeys": keys = removed(diff)
    case "changedKeys": keys = changed(diff)
    case "unchangedKeys": keys = unchanged(diff)
    case "affectedKeys": keys = added(diff) + removed(diff) + changed(diff)
    default: throw .functionNotFound(name)
    }
    return .set(keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map(RulesValue.string))
  }

  /// In the receiver (new) but not in the argument (old).
  private static func added(_ diff: MapDiff) -> [String] {
    diff.left.keys.filter { diff.right[$0] == nil }
  }

  /// In the argument (old) but not in the receiver (new).
  private static func removed(_ diff: MapDiff) -> [String] {
    diff.right.keys.filter { diff.left[$0] == nil }
  }

  private static func changed(_ diff: MapDiff) -> [String] {
    diff.left.compactMap { key, value in
      guard let old = diff.right[key], !old.rulesEquals(value) else { return nil }
      return key
    }
  }

  private static func unchanged(_ diff: MapDiff) -> [String] {
    diff.left.compactMap { key, value in
      guard let old = diff.right[key], old.rulesEquals(value) else { return nil }
      return key
    }
  }
}
