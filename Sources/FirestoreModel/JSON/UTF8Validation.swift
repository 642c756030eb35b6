/// Strict UTF-8 checking shared by the JSON parser and the codecs.
package enum UTF8Validation {
  /// The byte offset of the first invalid sequence (overlong forms, surrogates, values
  /// above U+10FFFF, truncated or stray continuation bytes), or nil when all is valid.
  package static func firstInvalidOffset<C: RandomAccessCollection>(in bytes: C) -> Int?
  where C.Element == UInt8, C.Index == Int {
    var i = bytes.startIndex
    let end = bytes.endIndex
    while i < end {
      let b0 = bytes[i]
      if b0 < 0x80 {
        i += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch b0 {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default: return i - bytes.startIndex
      }
      guard end - i >= length else { return i - bytes.startIndex }
      let b1 = bytes[i + 1]
      guard b1 >= low, b1 <= high else { return i - bytes.startIndex }
      for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return i - bytes.startIndex }
      i += length
    }
    return nil
  }
}
