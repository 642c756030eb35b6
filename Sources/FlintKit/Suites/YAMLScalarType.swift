/// The type of a YAML scalar, and the numbers it spells, as suites have always read them.
///
/// The rules are those of Yams' default resolver (which suites were read with until Flint read
/// libyaml's events itself), YAML 1.1's core types in order, first match wins:
/// - bool: `true`/`false`, `yes`/`no`, `on`/`off`, each lowercase, capitalized or uppercase;
/// - int: `0b101`, `0o17`, `017`, `0x1F`, `42`, `1_000`, base 60 `1:30`, with an optional sign;
/// - float: `1.5`, `1.`, `1e3`, `.5`, base 60 `1:30.5`, `.inf`, `-.inf`, `.nan`;
/// - merge `<<` and value `=` (which suites refuse);
/// - null: `~`, `null`/`Null`/`NULL` and the empty scalar;
/// - anything else (timestamps such as `2024-01-01` included) is a string.
///
/// Only plain (unquoted) scalars are resolved; quoted and block scalars are strings.
enum YAMLScalarType: String, Sendable {
  case null, bool, int, float, str, timestamp, merge, value

  /// The YAML tag this type stands for (`tag:yaml.org,2002:int`), as an explicit `!!int` spells it.
  var tag: String { "tag:yaml.org,2002:" + rawValue }

  /// The type an explicit tag names (`!!int` arrives from libyaml as `tag:yaml.org,2002:int`), or nil.
  init?(tag: String) {
    let prefix = "tag:yaml.org,2002:"
    guard tag.hasPrefix(prefix) else { return nil }
    self.init(rawValue: String(tag.dropFirst(prefix.count)))
  }

  /// The type of the plain scalar `text`.
  init(plain text: String) {
    let bytes = Array(text.utf8)
    if Self.isBool(text) {
      self = .bool
    } else if Self.isInt(bytes) {
      self = .int
    } else if Self.isFloat(bytes) {
      self = .float
    } else if text == "<<" {
      self = .merge
    } else if ["", "~", "null", "Null", "NULL"].contains(text) {
      self = .null
    } else if text == "=" {
      self = .value
    } else {
      self = .str
    }
  }

  // MARK: - Values

  /// `true`/`yes`/`on` and `false`/`no`/`off` in any case (for `!!bool` too), else nil.
  static func bool(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "true", "yes", "on": true
    case "false", "no", "off": false
    default: nil
    }
  }

  /// The integer `text` spells: decimal first (so `010` is ten, as suites have always read it),
  /// then `0x`, `0b`, `0o` or a leading `0` (octal) and base 60 (`1:30`), underscores ignored;
  /// nil when it is none of these or does not fit in 64 bits.
  static func int(_ text: String) -> Int64? {
    if let value = Int64(text) { return value }
    let digits = text.filter { $0 != "_" }
    if digits == "0" { return 0 }
    let (negative, unsigned) = signAndMagnitude(digits)
    for (prefix, radix) in [("0x", 16), ("0b", 2), ("0o", 8), ("0", 8)] where unsigned.hasPrefix(prefix) {
      return Int64((negative ? "-" : "") + unsigned.dropFirst(prefix.count), radix: radix)
    }
    guard unsigned.contains(":") else { return Int64(digits) }
    var value: Int64 = 0
    for part in unsigned.split(separator: ":", omittingEmptySubsequences: false) {
      guard let digit = Int64(part) else { return nil }
      let (shifted, overflow) = value.multipliedReportingOverflow(by: 60)
      let (sum, sumOverflow) = shifted.addingReportingOverflow(digit)
      guard !overflow, !sumOverflow else { return nil }
      value = sum
    }
    return negative ? 0 - value : value
  }

  /// The number `text` spells: a decimal, `.inf`, `-.inf`, `.nan`, underscores ignored, or base
  /// 60 (`1:30.5`); nil when it is none of these.
  static func float(_ text: String) -> Double? {
    if let value = Double(text) { return value }
    switch text {
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
    case "-.inf", "-.Inf", "-.INF": return -.infinity
    case ".nan", ".NaN", ".NAN": return .nan
    default: break
    }
    let digits = text.filter { $0 != "_" }
    guard digits.contains(":") else { return Double(digits) }
    let (negative, unsigned) = signAndMagnitude(digits)
    var value = 0.0
    for part in unsigned.split(separator: ":", omittingEmptySubsequences: false) {
      guard let digit = Double(part) else { return nil }
      value = value * 60 + digit
    }
    return negative ? -value : value
  }

  /// Whether `text` has an integer's form with at least one digit (`0x_` has none): then
  /// `int(text)` is nil only because the integer does not fit in 64 bits.
  static func spellsInteger(_ text: String) -> Bool {
    guard isInt(Array(text.utf8)) else { return false }
    let (_, unsigned) = signAndMagnitude(text.filter { $0 != "_" })
    let prefixed = ["0x", "0b", "0o"].contains { unsigned.hasPrefix($0) }
    return !(prefixed ? unsigned.dropFirst(2) : unsigned).isEmpty
  }

  /// Whether `digits` starts with `-`, and `digits` without its sign.
  private static func signAndMagnitude(_ digits: String) -> (negative: Bool, unsigned: Substring) {
    let negative = digits.hasPrefix("-")
    return (negative, negative || digits.hasPrefix("+") ? digits.dropFirst() : Substring(digits))
  }

  // MARK: - Resolution rules

  private static func isBool(_ text: String) -> Bool {
    [
      "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON",
      "off", "Off", "OFF",
    ].contains(text)
  }

  /// `[-+]?(0b[01_]+ | 0o?[0-7_]+ | 0 | [1-9][0-9_]* | 0x[0-9a-fA-F_]+ | [1-9][0-9_]*(:[0-5]?[0-9])+)`
  private static func isInt(_ text: [UInt8]) -> Bool {
    var scanner = Scanner(text)
    scanner.skipSign()
    let body = scanner
    if scanner.skip("0b"), scanner.skipAll(binary) > 0, scanner.atEnd { return true }
    scanner = body
    if scanner.skip("0") {
      let afterZero = scanner
      if scanner.atEnd { return true }
      _ = scanner.skip("o")
      if scanner.skipAll(octal) > 0, scanner.atEnd { return true }
      scanner = afterZero
      if scanner.skip("x"), scanner.skipAll(hex) > 0, scanner.atEnd { return true }
      return false
    }
    guard scanner.skipOne(nonZeroDigit) else { return false }
    scanner.skipAll(decimal)
    if scanner.atEnd { return true }
    return scanner.skipBase60Parts() && scanner.atEnd
  }

  /// `[-+]?[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)?` | `\.[0-9_]+([eE][-+][0-9]+)?` |
  /// `[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*` | `[-+]?\.(inf|Inf|INF)` | `\.(nan|NaN|NAN)`
  private static func isFloat(_ text: [UInt8]) -> Bool {
    var scanner = Scanner(text)
    let signed = scanner.skipSign()
    if scanner.skip(".") {
      let afterDot = scanner
      if scanner.skip("inf") || scanner.skip("Inf") || scanner.skip("INF") { return scanner.atEnd }
      if !signed, scanner.skip("nan") || scanner.skip("NaN") || scanner.skip("NAN") { return scanner.atEnd }
      scanner = afterDot
      guard !signed, scanner.skipAll(decimal) > 0 else { return false }
      if scanner.atEnd { return true }
      guard scanner.skipOne(exponent), scanner.skipSign(), scanner.skipAll(digit) > 0 else { return false }
      return scanner.atEnd
    }
    guard scanner.skipOne(digit) else { return false }
    scanner.skipAll(decimal)
    let integerPart = scanner
    if scanner.skipBase60Parts() {
      guard scanner.skip(".") else { return false }
      scanner.skipAll(decimal)
      return scanner.atEnd
    }
    scanner = integerPart
    if scanner.skip(".") { scanner.skipAll(decimal) }
    if scanner.skipOne(exponent) {
      scanner.skipSign()
      guard scanner.skipAll(digit) > 0 else { return false }
    }
    return scanner.atEnd
  }

  private static let digit = UInt8(ascii: "0")...UInt8(ascii: "9")
  private static let nonZeroDigit = UInt8(ascii: "1")...UInt8(ascii: "9")
  private static func decimal(_ byte: UInt8) -> Bool { digit.contains(byte) || byte == UInt8(ascii: "_") }
  private static func octal(_ byte: UInt8) -> Bool { (48...55).contains(byte) || byte == UInt8(ascii: "_") }
  private static func binary(_ byte: UInt8) -> Bool { byte == 48 || byte == 49 || byte == UInt8(ascii: "_") }
  private static func hex(_ byte: UInt8) -> Bool {
    decimal(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
  }
  private static func exponent(_ byte: UInt8) -> Bool { byte | 0x20 == UInt8(ascii: "e") }

  /// A cursor over a scalar's bytes for the rules above (each is deterministic: no backtracking).
  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ literal: String) -> Bool {
      let literal = Array(literal.utf8)
      guard bytes.count - index >= literal.count, Array(bytes[index..<index + literal.count]) == literal else {
        return false
      }
      index += literal.count
      return true
    }

    @discardableResult mutating func skipSign() -> Bool { skip("-") || skip("+") }

    mutating func skipOne(_ matches: (UInt8) -> Bool) -> Bool {
      guard !atEnd, matches(bytes[index]) else { return false }
      index += 1
      return true
    }

    mutating func skipOne(_ range: ClosedRange<UInt8>) -> Bool { skipOne { range.contains($0) } }

    /// Skips every leading byte that matches; how many.
    @discardableResult mutating func skipAll(_ matches: (UInt8) -> Bool) -> Int {
      let start = index
      while skipOne(matches) {}
      return index - start
    }

    @discardableResult mutating func skipAll(_ range: ClosedRange<UInt8>) -> Int { skipAll { range.contains($0) } }

    /// `(:[0-5]?[0-9])+`: one or more base-60 parts, each one digit or two with the first 0 to 5.
    mutating func skipBase60Parts() -> Bool {
      var parts = 0
      while skip(":") {
        let start = index
        guard skipAll(YAMLScalarType.digit) > 0 else { return false }
        let count = index - start
        guard count == 1 || (count == 2 && bytes[start] <= UInt8(ascii: "5")) else { return false }
        parts += 1
      }
      return parts > 0
    }
  }
}
