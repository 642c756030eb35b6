internal import ExtrasBase64

/// Base64 (RFC 4648) on swift-extras-base64: the standard alphabet (`+/`, used by fixtures and
/// Firestore's REST API) and the URL alphabet (`-_`, used by rules' `toBase64()` and
/// index links), both with `=` padding.
package enum Base64 {
  /// Which 64-character alphabet to use.
  package enum Alphabet: Sendable {
    /// `A-Z a-z 0-9 + /`
    case standard
    /// `A-Z a-z 0-9 - _`
    case url

    var table: [UInt8] {
      Array(("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" + (self == .standard ? "+/" : "-_")).utf8)
    }
  }

  /// Encodes bytes; padding with `=` to a multiple of 4 unless `padding` is false.
  package static func encode(_ bytes: [UInt8], alphabet: Alphabet = .standard, padding: Bool = true) -> String {
    var options: ExtrasBase64.Base64.EncodingOptions = []
    if alphabet == .url { options.insert(.base64UrlAlphabet) }
    if !padding { options.insert(.omitPaddingCharacter) }
    return ExtrasBase64.Base64.encodeToString(bytes: bytes, options: options)
  }

  /// Strictly decodes base64 text in one alphabet.
  ///
  /// Rejected, with the offset of the problem: characters outside the alphabet (whitespace
  /// included), a length that is not a multiple of 4 when `requirePadding` (the default),
  /// misplaced `=`, a lone final character, and non-zero unused bits in the last character
  /// (so every byte string has exactly one accepted spelling). The checks are Flint's (the
  /// library reports no offsets and accepts non-zero unused bits); the decoding is
  /// swift-extras-base64's.
  package static func decode(
    _ text: String, alphabet: Alphabet = .standard, requirePadding: Bool = true
  ) throws(TextFormatError) -> [UInt8] {
    let input = Array(text.utf8)
    let lookup = alphabet == .standard ? standardLookup : urlLookup
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
    // The last character of a 2- or 3-character group carries 4 or 2 unused bits.
    let unusedBits: [Int8] = [0, 0, 0b1111, 0b11]
    if end > 0, lookup[Int(input[end - 1])] & unusedBits[end % 4] != 0 {
      throw TextFormatError("invalid base64: unused bits in the last character are not zero", offset: end - 1)
    }
    var options: ExtrasBase64.Base64.DecodingOptions = [.omitPaddingCharacter]
    if alphabet == .url { options.insert(.base64UrlAlphabet) }
    do {
      return try ExtrasBase64.Base64.decode(bytes: input[..<end], options: options)
    } catch {
      throw TextFormatError("invalid base64", offset: 0)
    }
  }

  /// Each byte's value in an alphabet, or -1.
  private static let standardLookup = lookupTable(Alphabet.standard.table)
  private static let urlLookup = lookupTable(Alphabet.url.table)

  private static func lookupTable(_ table: [UInt8]) -> [Int8] {
    var lookup = [Int8](repeating: -1, count: 256)
    for (i, c) in table.enumerated() { lookup[Int(c)] = Int8(i) }
    return lookup
  }

  /// Decodes either alphabet (not mixed), padded or not: what proto3 JSON accepts for `bytes`.
  package static func decodeLenient(_ text: String) throws(TextFormatError) -> [UInt8] {
    let bytes = Array(text.utf8)
    let usesURL = bytes.contains { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    let usesStandard = bytes.contains { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/") }
    if usesURL && usesStandard { throw TextFormatError("base64 mixes the standard and URL alphabets") }
    return try decode(text, alphabet: usesURL ? .url : .standard, requirePadding: false)
  }
}
