/// Formats floats the way the engine (a JVM) prints them, as Java's `Double.toString`:
/// `2.0`, `0.1`, `-122.08`, `1.0E7`, `1.0E-4`, `NaN`, `Infinity`.
///
/// Digits are the shortest that round-trip (as Java 19+ and Swift both produce).
enum JavaNumberFormat {
  static func string(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
    let sign = value < 0 ? "-" : ""
    let (digits, exponent) = decimalDigits(Swift.abs(value))
    if exponent >= -3 && exponent < 7 {
      return sign + plain(digits, exponent)
    }
    let fraction = digits.count > 1 ? String(digits.dropFirst()) : "0"
    return sign + String(digits.first!) + "." + fraction + "E" + String(exponent)
  }

  /// Significant digits (no leading or trailing zeros) and the exponent `p` such that the
  /// value is `d.ddd × 10^p`.
  static func decimalDigits(_ magnitude: Double) -> (digits: [Character], exponent: Int) {
    let text = "\(magnitude)"  // shortest round-trip, e.g. "0.001", "1.5e-05", "1e+16"
    let pieces = text.split(separator: "e", maxSplits: 1)
    let mantissa = pieces[0]
    let exponent = pieces.count > 1 ? Int(pieces[1])! : 0
    let halves = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    var digits = Array(halves[0]) + (halves.count > 1 ? Array(halves[1]) : [])
    var pointPosition = halves[0].count + exponent
    while digits.first == "0" {
      digits.removeFirst()
      pointPosition -= 1
    }
    while digits.last == "0" { digits.removeLast() }
    return (digits, pointPosition - 1)
  }

  /// `123.45`, `0.001`: at least one digit on each side of the point.
  private static func plain(_ digits: [Character], _ exponent: Int) -> String {
    if exponent < 0 {
      return "0." + String(repeating: "0", count: -exponent - 1) + String(digits)
    }
    var integer = Array(digits.prefix(exponent + 1))
    while integer.count < exponent + 1 { integer.append("0") }
    let fraction = digits.count > exponent + 1 ? String(digits.dropFirst(exponent + 1)) : "0"
    return String(integer) + "." + fraction
  }
}
