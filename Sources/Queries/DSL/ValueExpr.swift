import RulesLanguage

/// A value as written in a query; resolved to a `Value` (with variable bindings)
/// during validation.
package struct ValueExpr: Hashable, Sendable {
  package var kind: ValueExprKind
  package var range: SourceRange

  package init(_ kind: ValueExprKind, range: SourceRange = .none) {
    self.kind = kind
    self.range = range
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.kind == rhs.kind }
  package func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

package indirect enum ValueExprKind: Hashable, Sendable {
  case null
  case bool(Bool)
  case integer(Int64)
  /// A number written with a fraction or exponent, or `NaN` / `Infinity`.
  case double(Double)
  case string(String)
  case array([ValueExpr])
  case map([ValueMapEntry])
  /// `timestamp("2024-01-02T03:04:05Z")`, text unparsed.
  case timestamp(String)
  /// `ref("/users/a")`: a document reference, path unparsed.
  case reference(String)
  /// `geopoint(lat, lng)`.
  case geoPoint(Double, Double)
  /// `bytes("base64")`, text undecoded.
  case bytes(String)
  /// A variable such as `auth.uid`, `request.auth.uid` or `orgId`: its dotted segments.
  case variable([String])
  /// An expression whose value Flint does not compute (`Date.now() - 86400000`, `items[0]`,
  /// `getUid()`), by its source text: its value comes only from a binding of that text.
  case expression(String)
  /// A write-only sentinel (`serverTimestamp()`, `arrayUnion(..)`, ...), kept so
  /// validation can reject it with the SDK's message. The payload is the method name.
  case sentinel(String)
  /// `undefined`.
  case undefined
  /// `doc("/c/d")`: a document snapshot, only meaningful as a cursor.
  case snapshot(String)
}

/// `key: value` inside a map literal.
package struct ValueMapEntry: Hashable, Sendable {
  package var key: String
  package var value: ValueExpr

  package init(key: String, value: ValueExpr) {
    self.key = key
    self.value = value
  }
}
