import FirestoreModel

/// The global conversion functions `int()`, `float()`, `string()` and `path()`.
///
/// Where the engine's behaviour is unknown they fail closed: `int(2.7)`, `int('2.5')`,
/// `float('NaN')`, `string([1])` are errors rather than guesses.
enum Conversions {
  static func call(_ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    switch name {
    case "int": return try toInt(Arguments.single(args, name))
    case "float": return try toFloat(Arguments.single(args, name))
    case "string": return try toString(Arguments.single(args, name))
    case "path": return try toPath(Arguments.single(args, name))
    default: throw .functionNotFound(name)
    }
  }

  static func toInt(_ value: RulesValue) throws(EvalError) -> RulesValue {
    switch value {
    case .int: return value
    case .float(let f):
      guard f.isFinite, f == f.rounded(.towardZero), let i = Int64(exactly: f) else {
        throw EvalError(
          "Unsupported operation error. int() needs an integral float in the int64 range, got \(JavaNumberFormat.string(f))."
        )
      }
      return .int(i)
    case .string(let s):
      guard isSignedDigits(s.utf8), let i = Int64(s.hasPrefix("+") ? String(s.dropFirst()) : s) else {
        throw EvalError("Unsupported operation error. int() cannot parse '\(s)' as an integer.")
      }
      return .int(i)
    default:
      throw .unsupported(received: "int(\(value.typeName))", expected: "int(int|float|string)")
    }
  }

  static func toFloat(_ value: RulesValue) throws(EvalError) -> RulesValue {
    switch value {
    case .float: return value
    case .int(let i): return .float(Double(i))
    case .string(let s):
      guard isDecimalNumber(s), let f = Double(s), f.isFinite else {
        throw EvalError("Unsupported operation error. float() cannot parse '\(s)' as a number.")
      }
      return .float(f)
    default:
      throw .unsupported(received: "float(\(value.typeName))", expected: "float(int|float|string)")
    }
  }

  static func toString(_ value: RulesValue) throws(EvalError) -> RulesValue {
    switch value {
    case .string: return value
    case .null: return .string("null")
    case .bool(let b): return .string(b ? "true" : "false")
    case .int(let i): return .string(String(i))
    case .float(let f): return .string(JavaNumberFormat.string(f))
    case .path(let p): return .string(p.description)
    default:
      throw .unsupported(received: "string(\(value.typeName))", expected: "string(bool|int|float|null|path|string)")
    }
  }

  /// `path('users/alice')`: segments split on `/`, one leading `/` allowed; empty segments
  /// (`a//b`, a trailing `/`, the empty string) are errors.
  static func toPath(_ value: RulesValue) throws(EvalError) -> RulesValue {
    guard case .string(let text) = value else {
      throw .unsupported(received: "path(\(value.typeName))", expected: "path(string)")
    }
    guard let segments = ResourcePath.segments(of: text), !segments.isEmpty else {
      throw EvalError("Unsupported operation error. '\(text)' is not a valid path.")
    }
    return .path(RulesPath(segments: segments))
  }

  /// `[+-]?[0-9]+`
  private static func isSignedDigits(_ utf8: String.UTF8View) -> Bool {
    var bytes = utf8[...]
    if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      bytes = bytes.dropFirst()
    }
    return !bytes.isEmpty && bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }

  /// `[+-]?digits(.digits)?([eE][+-]?digits)?`: no `NaN`, `Infinity`, hex or whitespace.
  private static func isDecimalNumber(_ s: String) -> Bool {
    let parts = s.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
      .flatMap { $0.split(separator: "E", maxSplits: 1, omittingEmptySubsequences: false) }
    guard parts.count <= 2, let mantissa = parts.first else { return false }
    let halves = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard isSignedDigits(String(halves[0]).utf8) else { return false }
    if halves.count == 2, halves[1].isEmpty || !halves[1].utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
      return false
    }
    return parts.count == 1 || isSignedDigits(String(parts[1]).utf8)
  }
}
