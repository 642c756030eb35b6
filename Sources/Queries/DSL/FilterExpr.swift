import RulesLanguage

/// A filter as written: a field comparison or an `and(...)`/`or(...)` tree.
package struct FilterExpr: Hashable, Sendable {
  package var kind: FilterExprKind
  package var range: SourceRange

  package init(_ kind: FilterExprKind, range: SourceRange = .none) {
    self.kind = kind
    self.range = range
  }

  package static func == (lhs: Self, rhs: Self) -> Bool { lhs.kind == rhs.kind }
  package func hash(into hasher: inout Hasher) { hasher.combine(kind) }
}

package indirect enum FilterExprKind: Hashable, Sendable {
  /// `where(field, op, value)` or the shorthand `where(field op value)`.
  case field(FieldRef, FilterOperator, ValueExpr)
  case composite(CompositeOperator, [FilterExpr])
  /// A non-filter call (such as `orderBy(...)`) written inside `and(...)`/`or(...)`;
  /// kept so validation can report it with the SDK's message.
  case nonFilter(String)
}

/// The ten public filter operators; `rawValue` is the SDK spelling.
package enum FilterOperator: String, Hashable, Sendable, CaseIterable {
  case lessThan = "<"
  case lessThanOrEqual = "<="
  case equal = "=="
  case notEqual = "!="
  case greaterThanOrEqual = ">="
  case greaterThan = ">"
  case arrayContains = "array-contains"
  case `in` = "in"
  case arrayContainsAny = "array-contains-any"
  case notIn = "not-in"

  /// `< <= > >= != not-in`: the operators that imply an order on their field.
  package var isInequality: Bool {
    switch self {
    case .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual, .notEqual, .notIn: true
    default: false
    }
  }

  /// `in`, `not-in`, `array-contains-any`: the value must be a non-empty array.
  package var takesArray: Bool { self == .in || self == .notIn || self == .arrayContainsAny }

  /// `array-contains`, `array-contains-any`.
  package var isArrayOperator: Bool { self == .arrayContains || self == .arrayContainsAny }

  /// The wire (proto) name used in backend messages, e.g. `NOT_IN`.
  package var wireName: String {
    switch self {
    case .lessThan: "LESS_THAN"
    case .lessThanOrEqual: "LESS_THAN_OR_EQUAL"
    case .equal: "EQUAL"
    case .notEqual: "NOT_EQUAL"
    case .greaterThanOrEqual: "GREATER_THAN_OR_EQUAL"
    case .greaterThan: "GREATER_THAN"
    case .arrayContains: "ARRAY_CONTAINS"
    case .in: "IN"
    case .arrayContainsAny: "ARRAY_CONTAINS_ANY"
    case .notIn: "NOT_IN"
    }
  }
}

/// `and(...)` / `or(...)`.
package enum CompositeOperator: String, Hashable, Sendable {
  case and
  case or
}
