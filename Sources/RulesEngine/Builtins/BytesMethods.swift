/// Methods on `bytes`: `size()`, `toBase64()` (base64url with padding), `toHexString()` (uppercase).
enum BytesMethods {
  static func call(_ bytes: [UInt8], _ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    try Arguments.expect(args, count: 0, name)
    switch name {
    case "size": return .int(Int64(bytes.count))
    case "toBase64": return try StringMethods.sized(base64URL(bytes))
    case "toHexString": return try StringMethods.sized(hexString(bytes))
    default: throw .functionNotFound(name)
    }
  }

  private static let base64Alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".unicodeScalars)

  /// RFC 4648 §5 base64url, padded with `=` as the engine does (`'hi'` → `aGk=`).
  static func base64URL(_ bytes: [UInt8]) -> String {
    var out = String.UnicodeScalarView()
    var index = 0
    while index < bytes.count {
      let chunk = bytes[index..<min(index + 3, bytes.count)]
      let b0 = UInt32(chunk[chunk.startIndex])
      let b1 = chunk.count > 1 ? UInt32(chunk[chunk.startIndex + 1]) : 0
      let b2 = chunk.count > 2 ? UInt32(chunk[chunk.startIndex + 2]) : 0
      let triple = b0 << 16 | b1 << 8 | b2
      for position in 0..<4 {
        if position <= chunk.count {
          out.append(base64Alphabet[Int(triple >> UInt32(18 - 6 * position) & 0x3F)])
        } else {
          out.append("=")
        }
      }
      index += 3
    }
    return String(out)
  }

  /// Uppercase hexadecimal, two digits per byte.
  static func hexString(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789ABCDEF".unicodeScalars)
    var out = String.UnicodeScalarView()
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0F)])
    }
    return String(out)
  }
}
