/// A value in a client write: a plain value, a map whose entries may hold transforms, or a
/// transform.
package indirect enum WriteValue: Hashable, Sendable {
  case value(Value)
  case map([String: WriteValue])
  case transform(FieldTransform)

  /// Whether a `delete` transform appears anywhere inside.
  package var containsDelete: Bool {
    switch self {
    case .value: false
    case .transform(let transform): transform == .delete
    case .map(let entries): entries.values.contains { $0.containsDelete }
    }
  }

  /// The value this write stores when the field held `stored`; nil removes the field. A
  /// map replaces the stored value: its transforms see no stored value.
  package func replacing(_ stored: Value?) -> Value? {
    switch self {
    case .value(let value): return value
    case .transform(let transform): return transform.apply(to: stored)
    case .map(let entries): return .map(Self.fields(entries, mergedInto: [:], deep: false))
    }
  }

  /// The value this write stores when merged (`set` with `merge: true`) onto `stored`:
  /// maps merge entry by entry, everything else replaces.
  package func merging(into stored: Value?) -> Value? {
    guard case .map(let entries) = self else { return replacing(stored) }
    guard case .map(let existing)? = stored else { return .map(Self.fields(entries, mergedInto: [:], deep: true)) }
    return .map(Self.fields(entries, mergedInto: existing, deep: true))
  }

  /// `existing` with every entry of `entries` written into it.
  static func fields(_ entries: [String: WriteValue], mergedInto existing: [String: Value], deep: Bool)
    -> [String: Value]
  {
    var result = existing
    for (key, write) in entries {
      result[key] = deep ? write.merging(into: existing[key]) : write.replacing(existing[key])
    }
    return result
  }
}
