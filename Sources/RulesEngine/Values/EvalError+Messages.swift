/// The engine's error texts, in one place so that wording stays consistent and testable.
///
/// Texts marked [PROD]/[EMU] in the spec are reproduced exactly; the others are Flint's own
/// (the spec marks their text unknown).
extension EvalError {
  /// `Null value error.`: member access, index or method call on `null`.
  package static let nullValue = EvalError("Null value error.")

  /// `Divide by zero error.`: integer (and, in Flint, float) division or modulo by zero.
  package static let divideByZero = EvalError("Divide by zero error.")

  /// `Property <name> is undefined on object.`: a missing map key.
  package static func propertyUndefined(_ name: String) -> EvalError {
    EvalError("Property \(name) is undefined on object.")
  }

  /// `Function not found error: Name: [<name>].`: an unknown function or method, or a wrong arity.
  package static func functionNotFound(_ name: String) -> EvalError {
    EvalError("Function not found error: Name: [\(name)].")
  }

  /// `Index out of bound error. Index: [i] , size: [n].`
  package static func indexOutOfBound(_ index: Int64, size: Int) -> EvalError {
    EvalError("Index out of bound error. Index: [\(index)] , size: [\(size)].")
  }

  /// `Type error. Received: [list] Expected: [map,path].`
  package static func typeError(received: String, expected: [String]) -> EvalError {
    EvalError("Type error. Received: [\(received)] Expected: [\(expected.joined(separator: ","))].")
  }

  /// `Unsupported operation error. Received: set.difference(list). Expected: set.difference(set).`
  package static func unsupported(received: String, expected: String) -> EvalError {
    EvalError("Unsupported operation error. Received: \(received). Expected: \(expected).")
  }

  /// A method called with arguments of the wrong types, e.g. `list.join(int)`.
  static func badArguments(
    _ receiver: String, _ name: String, _ args: [RulesValue], expected: String
  ) -> EvalError {
    let received = args.map(\.typeName).joined(separator: ",")
    return unsupported(received: "\(receiver).\(name)(\(received))", expected: "\(receiver).\(name)(\(expected))")
  }

  /// `Integer overflow error.` (Flint's text; the engine's is unknown).
  package static let integerOverflow = EvalError("Integer overflow error.")

  /// A value outside the range a type allows (timestamps, durations).
  package static func outOfRange(_ what: String) -> EvalError {
    EvalError("Range error: \(what) is out of range.")
  }
}
