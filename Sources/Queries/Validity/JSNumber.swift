import FirestoreModel
import Foundation

/// How the JavaScript SDK prints numbers: `String(n)` in JS. Integral values print
/// without a fraction (`5`, not `5.0`); NaN and infinities as `NaN`, `Infinity`.
func jsNumber(_ value: Double) -> String {
  if value.isNaN { return "NaN" }
  if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
  if value == 0 { return "0" }
  if value == value.rounded(), abs(value) < 1e21 {
    return String(format: "%.0f", value)
  }
  // Swift prints `1e-07`; JS prints `1e-7`.
  var text = "\(value)"
  if let e = text.firstIndex(of: "e") {
    var exponent = String(text[text.index(after: e)...])
    var sign = "+"
    if exponent.first == "-" || exponent.first == "+" { sign = String(exponent.removeFirst()) }
    while exponent.count > 1, exponent.first == "0" { exponent.removeFirst() }
    text = String(text[..<e]) + "e" + sign + exponent
  }
  return text
}
