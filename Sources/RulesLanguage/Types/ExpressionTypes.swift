/// The static types `flint check` is certain of, for editors: the type of an expression under
/// the cursor. Only certain types are listed (see `StaticType`); anything else is unknown.
package enum ExpressionTypes {
  /// Google's name of each expression's certain type (`string`, `timestamp`, `map`...), keyed by
  /// the expression's source range.
  package static func known(in file: RulesFile, source: SourceFile) -> [SourceRange: String] {
    let model = LintModel(file, source: source)
    let inference = TypeInference(model, recordingTypes: true)
    return (inference.recorded ?? [:]).mapValues(\.name)
  }
}

extension ExpressionTypes {
  /// The methods of a type by Google's type name, each with its result type's name; nil for a
  /// type with no method table (unknown, number).
  package static func methods(ofType name: String) -> [String: String]? {
    guard let type = StaticType(rawValue: name) ?? (name == "resource" ? .resource : nil) else { return nil }
    return type.methods?.mapValues(\.name)
  }
}
