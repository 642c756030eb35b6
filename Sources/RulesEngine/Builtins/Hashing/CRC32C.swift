/// Table-driven reflected CRC-32 (IEEE 802.3, polynomial 0xEDB88320) and CRC-32C
/// (Castagnoli, polynomial 0x82F63B78).
enum CRC32 {
  static let ieeeTable = makeTable(polynomial: 0xEDB8_8320)
  static let castagnoliTable = makeTable(polynomial: 0x82F6_3B78)

  static func checksum(_ bytes: [UInt8], table: [UInt32]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    }
    return crc ^ 0xFFFF_FFFF
  }

  private static func makeTable(polynomial: UInt32) -> [UInt32] {
    (0..<256).map { index in
      var value = UInt32(index)
      for _ in 0..<8 {
        value = value & 1 == 1 ? (value >> 1) ^ polynomial : value >> 1
      }
      return value
    }
  }
}
