import Crypto

/// `hashing.crc32 crc32c md5 sha256` of bytes or a string (hashed as UTF-8) → bytes.
/// MD5 and SHA-256 come from swift-crypto (`Insecure.MD5`, `SHA256`), CRC-32 from zlib
/// (`ZlibCRC32`); no listed package offers CRC-32C, so it stays hand-written (`CRC32C`).
/// CRC results are 4 bytes **little-endian**, as the engine returns them.
enum HashingFunctions {
  static func call(_ name: String, _ args: [RulesValue]) throws(EvalError) -> RulesValue {
    let digest: ([UInt8]) -> [UInt8]
    switch name {
    case "crc32": digest = { littleEndian(ZlibCRC32.checksum($0)) }
    case "crc32c": digest = { littleEndian(CRC32C.checksum($0)) }
    case "md5": digest = { Array(Insecure.MD5.hash(data: $0)) }
    case "sha256": digest = { Array(SHA256.hash(data: $0)) }
    default: throw .functionNotFound("hashing.\(name)")
    }
    switch try Arguments.single(args, "hashing.\(name)") {
    case .bytes(let bytes): return .bytes(digest(bytes))
    case .string(let s): return .bytes(digest(Array(s.utf8)))
    default: throw .badArguments("hashing", name, args, expected: "bytes|string")
    }
  }

  private static func littleEndian(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}
