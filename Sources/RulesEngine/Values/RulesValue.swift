import FirestoreModel

/// A value in the rules language (`rules.*` types).
///
/// Equality follows the engine, not Swift: `1 == 1.0`, maps compare by content,
/// sets ignore order. See `RulesValue+Equality.swift`.
package indirect enum RulesValue: Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  case float(Double)
  case string(String)
  case bytes([UInt8])
  case list([RulesValue])
  case map([String: RulesValue])
  /// Elements are unique under rules equality; order is insertion order.
  case set([RulesValue])
  case mapDiff(MapDiff)
  case path(RulesPath)
  case timestamp(Timestamp)
  case duration(RulesDuration)
  case latlng(GeoPoint)

  /// The type name used in `is` tests and in error messages (`list`, `map_diff`, ...).
  package var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "bool"
    case .int: "int"
    case .float: "float"
    case .string: "string"
    case .bytes: "bytes"
    case .list: "list"
    case .map: "map"
    case .set: "set"
    case .mapDiff: "map_diff"
    case .path: "path"
    case .timestamp: "timestamp"
    case .duration: "duration"
    case .latlng: "latlng"
    }
  }
}

/// The result of `map.diff(other)`: `left` is the receiver, `right` the argument.
package struct MapDiff: Sendable {
  package var left: [String: RulesValue]
  package var right: [String: RulesValue]

  package init(left: [String: RulesValue], right: [String: RulesValue]) {
    self.left = left
    self.right = right
  }
}

/// A rules path value: fully qualified segments, e.g. `databases`, `(default)`,
/// `documents`, `users`, `alice`.
package struct RulesPath: Hashable, Sendable, CustomStringConvertible {
  package var segments: [String]

  package init(segments: [String]) {
    self.segments = segments
  }

  /// `/a/b/c`
  package var description: String { "/" + segments.joined(separator: "/") }
}

/// A signed duration with nanosecond precision; `nanos` has the sign of `seconds`
/// (or either sign when `seconds == 0`).
package struct RulesDuration: Hashable, Comparable, Sendable {
  package var seconds: Int64
  package var nanos: Int32

  package init(seconds: Int64, nanos: Int32) {
    self.seconds = seconds
    self.nanos = nanos
  }

  package static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
  }
}
