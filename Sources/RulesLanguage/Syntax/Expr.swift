/// An expression with its source range. Equality ignores the range.
package struct Expr: Hashable, Sendable {
  package var kind: ExprKind
  package var range: SourceRange

  package init(_ kind: ExprKind, range: SourceRange = .none) {
    self.kind = kind
    self.range = range
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.kind == rhs.kind }
  package func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

/// Every kind of expression. Switch exhaustively: adding a case must break every
/// consumer that does not handle it.
package indirect enum ExprKind: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  case float(Double)
  /// A string literal, escapes decoded.
  case string(String)
  /// A bytes literal `b'..'`, escapes decoded.
  case bytes([UInt8])
  case list([Expr])
  case map([MapEntry])
  /// A path literal such as `/databases/$(database)/documents/users/$(uid)`.
  case path([PathSegment])
  /// A variable or namespace name: `request`, `math`, a wildcard, a parameter, a `let`.
  case identifier(String)
  /// `receiver.name` (field access; not a call).
  case member(Expr, Identifier)
  /// `name(args)`: a global or user function.
  case call(Identifier, [Expr])
  /// `receiver.name(args)`: a method, or a namespace function such as `math.abs(x)`.
  case methodCall(Expr, Identifier, [Expr])
  /// `base[index]`
  case index(Expr, Expr)
  /// `base[lower:upper]`, either bound optional.
  case slice(Expr, Expr?, Expr?)
  case unary(UnaryOperator, Expr)
  case binary(BinaryOperator, Expr, Expr)
  /// `value is type`
  case typeTest(Expr, TypeName)
  /// `condition ? then : else`
  case ternary(Expr, Expr, Expr)
  /// Stands where the parser could not read an expression; a diagnostic was emitted.
  case invalid
}

/// `'key': value` in a map literal.
package struct MapEntry: Hashable, Sendable {
  package var key: String
  package var keyRange: SourceRange
  package var value: Expr

  package init(key: String, keyRange: SourceRange = .none, value: Expr) {
    self.key = key
    self.keyRange = keyRange
    self.value = value
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key && lhs.value == rhs.value }
  package func hash(into hasher: inout Hasher) {
    hasher.combine(key)
    hasher.combine(value)
  }
}

/// One segment of a path literal.
package enum PathSegment: Hashable, Sendable {
  /// Literal text such as `documents` or `(default)` (parentheses kept).
  case literal(String)
  /// `$(expr)`: the value converted to one segment.
  case interpolation(Expr)
}

package enum UnaryOperator: String, Hashable, Sendable {
  case not = "!"
  case negate = "-"
}

package enum BinaryOperator: String, Hashable, Sendable, CaseIterable {
  case or = "||"
  case and = "&&"
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessEqual = "<="
  case greater = ">"
  case greaterEqual = ">="
  case `in` = "in"
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case remainder = "%"
}

/// The type name after `is`, as written; `Checks` reports names the engine does not know.
package struct TypeName: Hashable, Sendable {
  package var name: String
  package var range: SourceRange

  package init(_ name: String, range: SourceRange = .none) {
    self.name = name
    self.range = range
  }

  /// The types `is` accepts (rules-fields plus the "also supported" ones).
  package static let known: Set<String> = [
    "bool", "bytes", "float", "int", "list", "latlng", "number", "path", "map", "string",
    "timestamp", "duration", "set", "map_diff", "constraint",
  ]

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
  package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
