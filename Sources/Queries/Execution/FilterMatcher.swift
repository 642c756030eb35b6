import FirestoreModel

/// Firestore's filter semantics on one document. A missing field never matches;
/// comparisons (`< <= == >= >`) only match values of the filter value's type class;
/// `!=` and `not-in` match any other present, non-null value; `not-in` with `null` in
/// its list matches nothing.
package enum FilterMatcher {
  package static func matches(_ filter: Filter, _ document: Document) -> Bool {
    switch filter {
    case .field(let f): return matches(f, document)
    case .composite(.and, let children): return children.allSatisfy { matches($0, document) }
    case .composite(.or, let children): return children.contains { matches($0, document) }
    }
  }

  package static func matches(_ filter: FieldFilter, _ document: Document) -> Bool {
    guard let value = document.queryValue(at: filter.field) else { return false }
    return matches(filter.op, filter.value, value)
  }

  /// Whether a present document `value` satisfies `op target`.
  package static func matches(_ op: FilterOperator, _ target: Value, _ value: Value) -> Bool {
    switch op {
    case .equal, .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual:
      guard value.typeOrder == target.typeOrder else { return false }
      let c = Value.compare(value, target)
      switch op {
      case .equal: return c == 0
      case .lessThan: return c < 0
      case .lessThanOrEqual: return c <= 0
      case .greaterThan: return c > 0
      default: return c >= 0
      }
    case .notEqual:
      if case .null = value { return false }
      return Value.compare(value, target) != 0
    case .in:
      guard case .array(let options) = target else { return false }
      return options.contains { Value.compare($0, value) == 0 }
    case .notIn:
      guard case .array(let options) = target else { return false }
      if options.contains(where: { if case .null = $0 { return true } else { return false } }) { return false }
      if case .null = value { return false }
      return !options.contains { Value.compare($0, value) == 0 }
    case .arrayContains:
      guard case .array(let elements) = value else { return false }
      return elements.contains { Value.compare($0, target) == 0 }
    case .arrayContainsAny:
      guard case .array(let elements) = value, case .array(let options) = target else { return false }
      return elements.contains { element in options.contains { Value.compare($0, element) == 0 } }
    }
  }
}
