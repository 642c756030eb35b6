/// The rank of a value's type in Firestore's cross-type ordering ("Ordering of value types"):
/// null < booleans < numbers (NaN first) < timestamps < strings < bytes < references
/// < geopoints < arrays < maps.
package enum ValueTypeOrder: Int, Comparable, Sendable {
  case null = 0
  case boolean
  /// Integers, doubles and NaN: one class, compared numerically with NaN lowest.
  case number
  case timestamp
  case string
  case bytes
  case reference
  case geoPoint
  case array
  case map

  package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Value {
  /// The rank of this value's type in Firestore's ordering.
  package var typeOrder: ValueTypeOrder {
    switch self {
    case .null: .null
    case .boolean: .boolean
    case .integer, .double: .number
    case .timestamp: .timestamp
    case .string: .string
    case .bytes: .bytes
    case .reference: .reference
    case .geoPoint: .geoPoint
    case .array: .array
    case .map: .map
    }
  }

  /// Whether this is a double NaN.
  package var isNaN: Bool {
    if case .double(let d) = self { return d.isNaN }
    return false
  }

  /// Whether this is an integer or a double (NaN included).
  package var isNumber: Bool { typeOrder == .number }

  /// The Firestore type name used in messages: `null`, `boolean`, `integer`, `double`,
  /// `timestamp`, `string`, `bytes`, `reference`, `geopoint`, `array`, `map`.
  package var typeName: String {
    switch self {
    case .null: "null"
    case .boolean: "boolean"
    case .integer: "integer"
    case .double: "double"
    case .timestamp: "timestamp"
    case .string: "string"
    case .bytes: "bytes"
    case .reference: "reference"
    case .geoPoint: "geopoint"
    case .array: "array"
    case .map: "map"
    }
  }
}
