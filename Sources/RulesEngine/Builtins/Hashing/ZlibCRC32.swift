import CZlib

/// CRC-32 (IEEE 802.3, the polynomial of zip, PNG and gzip), for `hashing.crc32`: zlib's
/// `crc32()` from Debian's zlib1g-dev, linked like PCRE2 (`CZlib`).
enum ZlibCRC32 {
  /// zlib takes a 32-bit length (`uInt`): longer input is fed in pieces, each continuing the last.
  static func checksum(_ bytes: [UInt8]) -> UInt32 {
    var crc = crc32(0, nil, 0)
    bytes.withUnsafeBufferPointer { buffer in
      var offset = 0
      repeat {
        let count = min(buffer.count - offset, Int(UInt32.max))
        crc = crc32(crc, buffer.baseAddress.map { $0 + offset }, uInt(count))
        offset += count
      } while offset < buffer.count
    }
    return UInt32(truncatingIfNeeded: crc)
  }
}
