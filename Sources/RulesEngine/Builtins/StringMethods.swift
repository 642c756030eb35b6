/// Methods on `string`. Sizes and indexes count Unicode code points; `matches`, `replace`
/// and `split` take RE2 patterns (see `RulesRegex`).
enum StringMethods {
  static func call(_ s: String, _ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    switch name {
    case "size":
      try Arguments.expect(args, count: 0, name)
      return .int(Int64(s.unicodeScalars.count))
    case "lower":
      try Arguments.expect(args, count: 0, name)
      return try sized(s.lowercased())
    case "upper":
      try Arguments.expect(args, count: 0, name)
      return try sized(s.uppercased())
    case "trim":
      try Arguments.expect(args, count: 0, name)
      return .string(trim(s))
    case "toUtf8":
      try Arguments.expect(args, count: 0, name)
      return .bytes(Array(s.utf8))
    case "matches":
      guard args.count == 1 else { throw .functionNotFound(name) }
      guard case .string(let pattern) = args[0] else { throw .badArguments("string", name, args, expected: "string") }
      return .bool(try RulesRegex.matches(pattern, s))
    case "replace":
      guard args.count == 2 else { throw .functionNotFound(name) }
      guard case .string(let pattern) = args[0], case .string(let replacement) = args[1] else {
        throw .badArguments("string", name, args, expected: "string,string")
      }
      return .string(try RulesRegex.replaceAll(pattern, in: s, with: replacement))
    case "split":
      guard args.count == 1 else { throw .functionNotFound(name) }
      guard case .string(let pattern) = args[0] else { throw .badArguments("string", name, args, expected: "string") }
      return .list(try RulesRegex.split(s, on: pattern).map(RulesValue.string))
    default:
      throw .functionNotFound(name)
    }
  }

  /// A built string, within `ValueSize`'s cap (`upper()` may lengthen, e.g. 'ß' to 'SS').
  static func sized(_ s: String) throws(EvalError) -> RulesValue {
    try ValueSize.check(byteCount: s.utf8.count)
    return .string(s)
  }

  /// Strips leading and trailing characters up to U+0020 (spaces and ASCII controls), as
  /// Java's `String.trim()` does.
  static func trim(_ s: String) -> String {
    let scalars = s.unicodeScalars
    guard let first = scalars.firstIndex(where: { $0.value > 0x20 }) else { return "" }
    let last = scalars.lastIndex(where: { $0.value > 0x20 })!
    return String(scalars[first...last])
  }
}
