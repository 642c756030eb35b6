/// A server-side field transform a client write can carry. Production applies it to the
/// stored value before the rules run, so `request.resource.data` holds its result (spec §5.1).
package enum FieldTransform: Hashable, Sendable {
  /// `FieldValue.increment(n)`.
  case increment(Value)
  /// `FieldValue.arrayUnion(...)`.
  case arrayUnion([Value])
  /// `FieldValue.arrayRemove(...)`.
  case arrayRemove([Value])
  /// `FieldValue.delete()`: the field is removed.
  case delete

  /// The field's value after the transform, given its stored value (nil when absent); nil
  /// means the field is removed. (`serverTimestamp()` is decoded straight to the request time.)
  ///
  /// As the Firestore documentation describes: increment of a missing or non-numeric field
  /// sets the operand; arrayUnion of a non-array starts from an empty array and appends only
  /// elements not already present; arrayRemove removes every equal element and leaves an
  /// empty array when the field was not an array.
  package func apply(to stored: Value?) -> Value? {
    switch self {
    case .delete:
      return nil
    case .increment(let operand):
      return Self.add(stored, operand)
    case .arrayUnion(let elements):
      var result = stored?.arrayElements ?? []
      for element in elements where !result.contains(where: { Value.filterEquals($0, element) }) {
        result.append(element)
      }
      return .array(result)
    case .arrayRemove(let elements):
      let current = stored?.arrayElements ?? []
      return .array(current.filter { value in !elements.contains { Value.filterEquals($0, value) } })
    }
  }

  /// `stored + operand` with Firestore's increment rules: integers add with saturation at
  /// the 64-bit bounds (Flint's choice, Docs/fidelity/test-and-expr.md), any double makes a
  /// double, and a non-numeric or missing stored value is replaced by the operand.
  static func add(_ stored: Value?, _ operand: Value) -> Value {
    switch (stored, operand) {
    case (.integer(let a)?, .integer(let b)):
      let (sum, overflow) = a.addingReportingOverflow(b)
      return .integer(overflow ? (b > 0 ? .max : .min) : sum)
    case (.integer(let a)?, .double(let b)): return .double(Double(a) + b)
    case (.double(let a)?, .integer(let b)): return .double(a + Double(b))
    case (.double(let a)?, .double(let b)): return .double(a + b)
    default: return operand
    }
  }
}

extension Value {
  /// The elements when this is an array.
  var arrayElements: [Value]? {
    if case .array(let elements) = self { elements } else { nil }
  }
}
