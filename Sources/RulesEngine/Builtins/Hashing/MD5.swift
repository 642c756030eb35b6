import Foundation  // sin, for the constant table

/// MD5 (RFC 1321). Used only because the rules language exposes `hashing.md5`.
enum MD5 {
  /// Per-round left-rotation amounts.
  private static let shifts: [UInt32] = [
    7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
    5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
    4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
    6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
  ]

  /// `floor(abs(sin(i + 1)) * 2^32)`, computed once.
  private static let constants: [UInt32] = (0..<64).map { i in
    UInt32(truncatingIfNeeded: Int64((Foundation.sin(Double(i + 1)).magnitude * 4_294_967_296.0).rounded(.down)))
  }

  static func digest(_ message: [UInt8]) -> [UInt8] {
    var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476]
    var data = message
    data.append(0x80)
    while data.count % 64 != 56 { data.append(0) }
    let bitLength = UInt64(message.count) &* 8
    for i in 0..<8 { data.append(UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(i)))) }

    for chunk in stride(from: 0, to: data.count, by: 64) {
      var words = [UInt32](repeating: 0, count: 16)
      for i in 0..<16 {
        let base = chunk + 4 * i
        words[i] =
          UInt32(data[base]) | UInt32(data[base + 1]) << 8 | UInt32(data[base + 2]) << 16 | UInt32(data[base + 3]) << 24
      }
      var (a, b, c, d) = (state[0], state[1], state[2], state[3])
      for i in 0..<64 {
        var f: UInt32
        let g: Int
        switch i {
        case 0..<16: (f, g) = ((b & c) | (~b & d), i)
        case 16..<32: (f, g) = ((d & b) | (~d & c), (5 * i + 1) % 16)
        case 32..<48: (f, g) = (b ^ c ^ d, (3 * i + 5) % 16)
        default: (f, g) = (c ^ (b | ~d), (7 * i) % 16)
        }
        f = f &+ a &+ constants[i] &+ words[g]
        a = d
        d = c
        c = b
        b = b &+ (f << shifts[i] | f >> (32 - shifts[i]))
      }
      state[0] &+= a
      state[1] &+= b
      state[2] &+= c
      state[3] &+= d
    }
    return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } }
  }
}
