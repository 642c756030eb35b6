/// Table-driven reflected CRC-32C (Castagnoli, polynomial 0x82F63B78), for `hashing.crc32c`.
///
/// Written here because no listed package offers it: zlib (`CZlib`, behind `hashing.crc32`)
/// has only the IEEE polynomial, swift-crypto and swift-nio none. Checked against the CRC
/// catalogue's check value for "123456789" (e3069283).
enum CRC32C {
  static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 {
      value = value & 1 == 1 ? (value >> 1) ^ 0x82F6_3B78 : value >> 1
    }
    return value
  }

  static func checksum(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    }
    return crc ^ 0xFFFF_FFFF
  }
}
