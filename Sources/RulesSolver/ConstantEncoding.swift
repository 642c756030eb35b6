import FirestoreModel
import RulesEngine
import RulesLanguage

/// Expressions that read nothing of the request (`duration.value(1, 'h')`, `['a', 'b'].toSet()`,
/// `timestamp.date(2025, 1, 1)`) are evaluated by Flint's engine and enter the encoding as constants.
/// (`RulesLanguage`'s `ConstantFolding` is the checks' own small evaluator; this one asks the engine.)
enum ConstantEncoding {
  /// Whether `namespace` names a namespace of built-in functions.
  static func isNamespace(_ namespace: String) -> Bool { BuiltinNames.namespaces[namespace] != nil }

  /// Global functions that read documents or print: never folded.
  private static func isEffectful(_ name: String) -> Bool { LookupFunction.names.contains(name) || name == "debug" }

  /// Whether `expr` is worth folding and reads no name, document or user function.
  static func isClosed(_ expr: Expr, _ scope: EncodingScope) -> Bool {
    switch expr.kind {
    case .null, .bool, .int, .identifier, .invalid: return false
    default: return reads(nothing: expr, scope)
    }
  }

  /// Whether `condition` reads nothing and is not `true` (false, another value or an error): an
  /// allow with it never grants.
  static func neverGrants(_ condition: Expr, in block: Int, of scopes: ScopeModel) -> Bool {
    guard reads(nothing: condition, EncodingScope(variables: [:], block: block, scopes: scopes)) else { return false }
    if case .success(.bool(true)) = Evaluator.evaluate(expression: condition).result { return false }
    return true
  }

  private static func reads(nothing expr: Expr, _ scope: EncodingScope) -> Bool {
    switch expr.kind {
    case .identifier: return false
    case .call(let name, let args):
      if isEffectful(name.name) || scope.resolveFunction(name.name) != nil { return false }
      return args.allSatisfy { reads(nothing: $0, scope) }
    case .methodCall(let receiver, _, let args):
      if case .identifier(let namespace) = receiver.kind {
        return isNamespace(namespace) && scope.variables[namespace] == nil
          && args.allSatisfy { reads(nothing: $0, scope) }
      }
      return expr.children.allSatisfy { reads(nothing: $0, scope) }
    default:
      return expr.children.allSatisfy { reads(nothing: $0, scope) }
    }
  }

  /// A constant as a symbolic value; nil for the types the encoding does not follow.
  static func symbolic(_ value: RulesValue, _ z3: Z3) -> SymbolicValue? {
    func always(_ payload: SymbolicPayload) -> SymbolicValue { SymbolicValue(always: payload, in: z3) }
    switch value {
    case .null: return always(.null)
    case .bool(let b): return always(.bool(z3.bool(b)))
    case .int(let i): return always(.int(z3.int(i)))
    case .float(let d):
      guard let text = exactDecimal(d) else { return nil }
      return always(.float(z3.real(text)))
    case .string(let s): return always(.string(z3.string(s)))
    case .timestamp(let t):
      guard t.nanos % 1000 == 0 else { return nil }
      return always(.timestamp(z3.int(t.seconds * 1_000_000 + Int64(t.nanos / 1000))))
    case .duration(let d):
      guard d.nanos % 1000 == 0, abs(d.seconds) < 1 << 40 else { return nil }
      return always(.duration(z3.int(d.seconds * 1_000_000 + Int64(d.nanos / 1000))))
    case .list(let items):
      let elements = items.compactMap { symbolic($0, z3) }
      return elements.count == items.count ? always(.list(.elements(elements))) : nil
    case .set(let items):
      let elements = items.compactMap { symbolic($0, z3) }
      return elements.count == items.count ? always(.set(.elements(elements))) : nil
    case .map(let fields):
      var values: [String: SymbolicValue] = [:]
      for (key, field) in fields.sorted(by: { $0.key < $1.key }) {
        guard let symbolic = symbolic(field, z3) else { return nil }
        values[key] = symbolic
      }
      return always(.map(.closed(values)))
    case .path(let path): return always(.path(path.segments.map { z3.string($0) }))
    case .bytes, .latlng, .mapDiff: return nil
    }
  }

  /// A finite double's exact value as a fraction Z3 reads (`p/q`), nil for NaN and infinities.
  static func exactDecimal(_ d: Double) -> String? {
    guard d.isFinite else { return nil }
    if d == d.rounded(), abs(d) < 9e15 { return String(Int64(d)) }
    // d = significand * 2^exponent exactly.
    var exponent = Int(d.exponent) - 52
    var significand = Int64(d.significandBitPattern | (1 << 52))
    while significand % 2 == 0 && exponent < 0 {
      significand /= 2
      exponent += 1
    }
    guard exponent < 0, exponent > -1075 else { return nil }
    let sign = d < 0 ? "-" : ""
    return "\(sign)\(significand)/\(PowerOfTwo.text(-exponent))"
  }
}

/// 2^n in decimal, for exact fractions.
enum PowerOfTwo {
  static func text(_ n: Int) -> String {
    var digits: [UInt8] = [1]
    for _ in 0..<n {
      var carry: UInt8 = 0
      for i in digits.indices {
        let value = digits[i] * 2 + carry
        digits[i] = value % 10
        carry = value / 10
      }
      if carry > 0 { digits.append(carry) }
    }
    return String(digits.reversed().map { Character(String($0)) })
  }
}
