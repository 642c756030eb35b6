/// Rules equality (`==`) and a hash consistent with it.
///
/// - ints and floats compare numerically (`1 == 1.0`), the int coerced to a float;
/// - strings compare by code point (UTF-8 bytes), not by Swift's canonical equivalence;
/// - lists compare element-wise, maps by key set and values, sets ignore order;
/// - values of different types are unequal (`'1' != 1`, `path != string`), `null == null`;
/// - all NaNs are equal to each other (CEL's choice; Flint needs a reflexive equality for sets).
extension RulesValue: Hashable {
  package static func == (lhs: RulesValue, rhs: RulesValue) -> Bool {
    lhs.rulesEquals(rhs)
  }

  /// The engine's `==`.
  package func rulesEquals(_ other: RulesValue) -> Bool {
    switch (self, other) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.int(let a), .float(let b)): return Self.floatEquals(Double(a), b)
    case (.float(let a), .int(let b)): return Self.floatEquals(a, Double(b))
    case (.float(let a), .float(let b)): return Self.floatEquals(a, b)
    case (.string(let a), .string(let b)): return a.utf8.elementsEqual(b.utf8)
    case (.bytes(let a), .bytes(let b)): return a == b
    case (.list(let a), .list(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.rulesEquals($1) }
    case (.map(let a), .map(let b)): return Self.mapsEqual(a, b)
    case (.set(let a), .set(let b)):
      return a.count == b.count && a.allSatisfy { element in b.contains { $0.rulesEquals(element) } }
    case (.mapDiff(let a), .mapDiff(let b)):
      return Self.mapsEqual(a.left, b.left) && Self.mapsEqual(a.right, b.right)
    case (.path(let a), .path(let b)):
      return a.segments.count == b.segments.count
        && zip(a.segments, b.segments).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
    case (.timestamp(let a), .timestamp(let b)): return a == b
    case (.duration(let a), .duration(let b)): return a == b
    case (.latlng(let a), .latlng(let b)):
      return Self.floatEquals(a.latitude, b.latitude) && Self.floatEquals(a.longitude, b.longitude)
    default: return false
    }
  }

  package func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let b): hasher.combine(b)
    // Every number hashes by its float value, so `1` and `1.0` collide as they must.
    case .int(let i): Self.hashNumber(Double(i), into: &hasher)
    case .float(let f): Self.hashNumber(f, into: &hasher)
    case .string(let s): hasher.combine(s)
    case .bytes(let b): hasher.combine(b)
    case .list(let items):
      hasher.combine(items.count)
      for item in items { item.hash(into: &hasher) }
    case .map(let entries): Self.hashMap(entries, into: &hasher)
    case .set(let items):
      // Order-independent: combine the element hashes commutatively.
      hasher.combine(items.count)
      hasher.combine(items.reduce(0) { $0 &+ $1.hashValue })
    case .mapDiff(let diff):
      Self.hashMap(diff.left, into: &hasher)
      Self.hashMap(diff.right, into: &hasher)
    case .path(let p): hasher.combine(p)
    case .timestamp(let t): hasher.combine(t)
    case .duration(let d): hasher.combine(d)
    case .latlng(let g):
      Self.hashNumber(g.latitude, into: &hasher)
      Self.hashNumber(g.longitude, into: &hasher)
    }
  }

  static func floatEquals(_ a: Double, _ b: Double) -> Bool {
    a == b || (a.isNaN && b.isNaN)
  }

  private static func mapsEqual(_ a: [String: RulesValue], _ b: [String: RulesValue]) -> Bool {
    guard a.count == b.count else { return false }
    for (key, value) in a {
      guard let other = b[key], value.rulesEquals(other) else { return false }
    }
    return true
  }

  private static func hashNumber(_ value: Double, into hasher: inout Hasher) {
    if value.isNaN {
      hasher.combine("NaN")
    } else {
      hasher.combine(value)  // Double's hash already treats -0.0 as 0.0
    }
  }

  private static func hashMap(_ entries: [String: RulesValue], into hasher: inout Hasher) {
    hasher.combine(entries.count)
    hasher.combine(entries.reduce(0) { $0 &+ Hasher.hash(key: $1.key, value: $1.value) })
  }
}

extension Hasher {
  fileprivate static func hash(key: String, value: RulesValue) -> Int {
    var hasher = Hasher()
    hasher.combine(key)
    hasher.combine(value)
    return hasher.finalize()
  }
}
