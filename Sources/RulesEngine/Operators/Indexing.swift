/// `base[index]` and `base[lower:upper]`. Indexes never clamp and never count from the
/// end: out of range (including negative) is `Index out of bound error.`
///
/// Strings are indexed by Unicode code point (the unit `size()` counts).
extension Operators {
  /// `base[index]`: list element, string character, map value, path segment.
  package static func index(_ base: RulesValue, _ index: RulesValue) throws(EvalError) -> RulesValue {
    switch (base, index) {
    case (.null, _): throw .nullValue
    case (.list(let items), .int(let i)):
      return items[try position(i, count: items.count)]
    case (.string(let s), .int(let i)):
      let scalars = Array(s.unicodeScalars)
      return .string(String(scalars[try position(i, count: scalars.count)]))
    case (.path(let p), .int(let i)):
      return .string(p.segments[try position(i, count: p.segments.count)])
    case (.map, .string(let key)), (.path, .string(let key)):
      return try member(base, key)
    case (.list, _), (.string, _), (.path, _):
      throw .typeError(received: index.typeName, expected: ["int"])
    case (.map, _):
      throw .typeError(received: index.typeName, expected: ["string"])
    default:
      throw .typeError(received: base.typeName, expected: ["list", "map", "path", "string"])
    }
  }

  /// `base[lower:upper]` on a list or string; `upper` is exclusive. A missing bound means
  /// the start or the end.
  package static func slice(_ base: RulesValue, _ lower: RulesValue?, _ upper: RulesValue?) throws(EvalError)
    -> RulesValue
  {
    switch base {
    case .null: throw .nullValue
    case .list(let items):
      return .list(Array(items[try range(lower, upper, count: items.count)]))
    case .string(let s):
      let scalars = Array(s.unicodeScalars)
      var result = String.UnicodeScalarView()
      result.append(contentsOf: scalars[try range(lower, upper, count: scalars.count)])
      return .string(String(result))
    default:
      throw .typeError(received: base.typeName, expected: ["list", "string"])
    }
  }

  /// `base.name`: field access. Only maps (and paths, for their bindings) have fields.
  /// The evaluator's hot path: small maps are scanned rather than hashed.
  @inline(__always)
  package static func member(_ base: RulesValue, _ name: String) throws(EvalError) -> RulesValue {
    switch base {
    case .null: throw .nullValue
    case .map(let entries):
      guard let value = entries.value(named: name) else { throw .propertyUndefined(name) }
      return value
    case .path:
      // Flint's path values carry no bindings, so every field is undefined.
      throw .propertyUndefined(name)
    default:
      throw .typeError(received: base.typeName, expected: ["map", "path"])
    }
  }

  private static func position(_ i: Int64, count: Int) throws(EvalError) -> Int {
    guard i >= 0, i < Int64(count) else { throw .indexOutOfBound(i, size: count) }
    return Int(i)
  }

  /// The engine reports a too-large end as `end - 1`: `s[6:99]` on 11 characters says `[98]`.
  private static func range(_ lower: RulesValue?, _ upper: RulesValue?, count: Int) throws(EvalError)
    -> Range<Int>
  {
    let start = try bound(lower, default: 0)
    let end = try bound(upper, default: Int64(count))
    if start < 0 || start > Int64(count) { throw .indexOutOfBound(start, size: count) }
    if end < 0 { throw .indexOutOfBound(end, size: count) }
    if end > Int64(count) { throw .indexOutOfBound(end - 1, size: count) }
    if start > end {
      throw EvalError("Index out of bound error. Slice start [\(start)] is after its end [\(end)].")
    }
    return Int(start)..<Int(end)
  }

  private static func bound(_ value: RulesValue?, default fallback: Int64) throws(EvalError) -> Int64 {
    switch value {
    case nil: return fallback
    case .int(let i): return i
    case .some(let other): throw .typeError(received: other.typeName, expected: ["int"])
    }
  }
}
