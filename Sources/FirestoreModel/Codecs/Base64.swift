/// Base64 (RFC 4648) written for Flint: the standard alphabet (`+/`, used by fixtures and
/// Firestore's REST API) and the URL alphabet (`-_`, used by rules' `toBase64()` and
/// index links), both with `=` padding.
public enum Base64 {
  /// Which 64-character alphabet to use.
  public enum Alphabet: Sendable {
    /// `A-Z a-z 0-9 + /`
    case standard
    /// `A-Z a-z 0-9 - _`
    case url

    var table: [UInt8] {
      Array(("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" + (self == .standard ? "+/" : "-_")).utf8)
    }
  }

  /// Encodes bytes; padding with `=` to a multiple of 4 unless `padding` is false.
  public static func encode(_ bytes: [UInt8], alphabet: Alphabet = .standard, padding: Bool = true) -> String {
    let table = alphabet.table
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i + 3 <= bytes.count {
      let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
      out += [table[Int(n >> 18)], table[Int(n >> 12 & 63)], table[Int(n >> 6 & 63)], table[Int(n & 63)]]
      i += 3
    }
    let rest = bytes.count - i
    if rest == 1 {
      let n = UInt32(bytes[i]) << 16
      out += [table[Int(n >> 18)], table[Int(n >> 12 & 63)]]
      if padding { out += Array("==".utf8) }
    } else if rest == 2 {
      let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
      out += [table[Int(n >> 18)], table[Int(n >> 12 & 63)], table[Int(n >> 6 & 63)]]
      if padding { out += Array("=".utf8) }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Strictly decodes base64 text in one alphabet.
  ///
  /// Rejected, with the offset of the problem: characters outside the alphabet (whitespace
  /// included), a length that is not a multiple of 4 when `requirePadding` (the default),
  /// misplaced `=`, a lone final character, and non-zero unused bits in the last character
  /// (so every byte string has exactly one accepted spelling).
  public static func decode(
    _ text: String, alphabet: Alphabet = .standard, requirePadding: Bool = true
  ) throws(TextFormatError) -> [UInt8] {
    let input = Array(text.utf8)
    var lookup = [Int8](repeating: -1, count: 256)
    for (i, c) in alphabet.table.enumerated() { lookup[Int(c)] = Int8(i) }
    var end = input.count
    var padding = 0
    while end > 0, input[end - 1] == UInt8(ascii: "=") {
      end -= 1
      padding += 1
    }
    for i in 0..<end where lookup[Int(input[i])] < 0 {
      let c = input[i]
      let shown =
        c == UInt8(ascii: "=")
        ? "'=' before the end" : (c < 0x80 ? "character '\(UnicodeScalar(c))'" : "non-ASCII byte")
      throw TextFormatError("invalid base64: \(shown)", offset: i)
    }
    if padding > 2 { throw TextFormatError("too much '=' padding in base64", offset: end) }
    if requirePadding, input.count % 4 != 0 {
      throw TextFormatError("base64 length \(input.count) is not a multiple of 4", offset: input.count)
    }
    if end % 4 == 1 { throw TextFormatError("base64 ends with a lone character", offset: end - 1) }
    if padding > 0, (end % 4) + padding != 4 {
      throw TextFormatError("wrong amount of '=' padding in base64", offset: end)
    }
    var out: [UInt8] = []
    out.reserveCapacity(end / 4 * 3 + 2)
    var accumulator: UInt32 = 0
    var bits = 0
    for i in 0..<end {
      accumulator = accumulator << 6 | UInt32(lookup[Int(input[i])])
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
        accumulator &= (1 << UInt32(bits)) - 1
      }
    }
    if accumulator != 0 {
      throw TextFormatError("invalid base64: unused bits in the last character are not zero", offset: end - 1)
    }
    return out
  }

  /// Decodes either alphabet (not mixed), padded or not: what proto3 JSON accepts for `bytes`.
  public static func decodeLenient(_ text: String) throws(TextFormatError) -> [UInt8] {
    let bytes = Array(text.utf8)
    let usesURL = bytes.contains { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    let usesStandard = bytes.contains { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/") }
    if usesURL && usesStandard { throw TextFormatError("base64 mixes the standard and URL alphabets") }
    return try decode(text, alphabet: usesURL ? .url : .standard, requirePadding: false)
  }
}
