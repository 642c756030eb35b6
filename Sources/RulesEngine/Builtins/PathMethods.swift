/// Methods on `path`: `bind(map)` fills `{name}` segments from string values.
enum PathMethods {
  static func call(_ path: RulesPath, _ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    guard name == "bind" else { throw .functionNotFound(name) }
    let argument = try Arguments.single(args, name)
    guard case .map(let bindings) = argument else { throw .badArguments("path", name, args, expected: "map") }
    return .path(try bind(path, bindings))
  }

  /// Replaces each whole segment `{name}` with `bindings[name]`, which must be a non-empty
  /// string without `/`. A placeholder without a binding is an error.
  static func bind(_ path: RulesPath, _ bindings: [String: RulesValue]) throws(EvalError) -> RulesPath {
    var segments: [String] = []
    for segment in path.segments {
      guard segment.hasPrefix("{"), segment.hasSuffix("}"), segment.count >= 2 else {
        segments.append(segment)
        continue
      }
      let key = String(segment.dropFirst().dropLast())
      guard let value = bindings[key] else { throw .propertyUndefined(key) }
      guard case .string(let text) = value, !text.isEmpty, !text.contains("/") else {
        throw EvalError(
          "Unsupported operation error. path.bind() needs a non-empty string without '/' for {\(key)}, got \(value.typeName)."
        )
      }
      segments.append(text)
    }
    return RulesPath(segments: segments)
  }
}
