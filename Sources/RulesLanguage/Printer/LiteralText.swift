/// Canonical source text for literal values: quoted strings, bytes and floats that the
/// lexer reads back to exactly the same value.
package enum LiteralText {
  /// A single-quoted string literal with `\\`, `\'`, `\n`, `\r`, `\t` escaped, and other
  /// control characters and U+FFFD (which the lexer reserves for undecodable input) written
  /// as `\uHHHH`.
  package static func string(_ value: String) -> String {
    var out = "'"
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "'": out += "\\'"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFD {
          out += "\\u" + hex(scalar.value, digits: 4)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "'"
  }

  /// A bytes literal `b'...'`: printable ASCII kept, everything else as `\xHH`.
  package static func bytes(_ value: [UInt8]) -> String {
    var out = "b'"
    for byte in value {
      switch byte {
      case UInt8(ascii: "\\"): out += "\\\\"
      case UInt8(ascii: "'"): out += "\\'"
      case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(byte))
      default: out += "\\x" + hex(UInt32(byte), digits: 2)
      }
    }
    return out + "'"
  }

  /// A float literal in the only form the language accepts, `digits.digits`, with a leading
  /// `-` for negative values. Non-finite values have no literal; they print as `NaN`/`Infinity`
  /// names that do not parse back (the parser never produces them).
  package static func float(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    let sign = value.sign == .minus ? "-" : ""
    let magnitude = Swift.abs(value)
    // Shortest round-tripping digits, possibly in exponent form ("1e-05", "1.5e+20").
    let shortest = "\(magnitude)"
    var mantissa = Substring(shortest)
    var exponent = 0
    if let e = shortest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = shortest[..<e]
      exponent = Int(shortest[shortest.index(after: e)...]) ?? 0
    }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    var intDigits = String(parts[0])
    var fracDigits = parts.count > 1 ? String(parts[1]) : ""
    if exponent > 0 {
      let moved = String(fracDigits.prefix(exponent))
      intDigits += moved + String(repeating: "0", count: max(0, exponent - fracDigits.count))
      fracDigits = String(fracDigits.dropFirst(exponent))
    } else if exponent < 0 {
      let shift = -exponent
      let padded = String(repeating: "0", count: max(0, shift - intDigits.count)) + intDigits
      let cut = padded.index(padded.endIndex, offsetBy: -shift)
      fracDigits = String(padded[cut...]) + fracDigits
      intDigits = String(padded[..<cut])
    }
    intDigits = String(intDigits.drop(while: { $0 == "0" }))
    if intDigits.isEmpty { intDigits = "0" }
    while fracDigits.count > 1, fracDigits.hasSuffix("0") { fracDigits.removeLast() }
    if fracDigits.isEmpty { fracDigits = "0" }
    return sign + intDigits + "." + fracDigits
  }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
