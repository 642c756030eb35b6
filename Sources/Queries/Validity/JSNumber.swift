import FirestoreModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the JavaScript SDK prints numbers: `String(n)` in JS. Integral values print
/// without a fraction (`5`, not `5.0`); NaN and infinities as `NaN`, `Infinity`.
func jsNumber(_ value: Double) -> String {
  if value.isNaN { return "NaN" }
  if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
  if value == 0 { return "0" }
  if value == value.rounded(), abs(value) < 1e21 {
    return integralText(value)
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

/// An integral double below 1e21 in full decimal digits, as C's `%.0f` prints it (exact: every
/// such double is an integer the C library prints digit for digit).
private func integralText(_ value: Double) -> String {
  if abs(value) < 9.2e18 { return String(Int64(value)) }
  var buffer = [CChar](repeating: 0, count: 32)
  _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.0f", $0) }
  return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
