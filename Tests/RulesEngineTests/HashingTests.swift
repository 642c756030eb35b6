import Testing

@testable import RulesEngine

@Suite("hashing namespace and bytes")
struct HashingTests {
  private func hex(_ function: String, _ input: RulesValue) throws -> RulesValue {
    try Builtins.callMethod(try Builtins.callNamespaceFunction("hashing", function, [input]), "toHexString", [])
  }

  @Test(
    "known digests",
    arguments: [
      ("md5", "", "D41D8CD98F00B204E9800998ECF8427E"),
      ("md5", "abc", "900150983CD24FB0D6963F7D28E17F72"),
      ("md5", "The quick brown fox jumps over the lazy dog", "9E107D9D372BB6826BD81D3542A419D6"),
      ("sha256", "", "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855"),
      ("sha256", "abc", "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD"),
      (
        "sha256", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248D6A61D20638B8E5C026930C3E6039A33CE45964FF2167F6ECEDD419DB06C1"
      ),
      // RFC 1321 appendix A.5, the whole test suite.
      ("md5", "a", "0CC175B9C0F1B6A831C399E269772661"),
      ("md5", "message digest", "F96B697D7CB7938D525A2F31AAF161D0"),
      ("md5", "abcdefghijklmnopqrstuvwxyz", "C3FCD3D76192E4007DFB496CCA67E13B"),
      (
        "md5", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
        "D174AB98D277D9F5A5611C2C9F419D9F"
      ),
      (
        "md5", "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
        "57EDF4A22BE3C955AC49DA2E2107B67A"
      ),
      // FIPS 180-4 examples (NIST CSRC): the two-block message.
      (
        "sha256",
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
        "CF5B16A778AF8380036CE59E7B0492370B249B11E8F07A51AFAC45037AFEE9D1"
      ),
      // The CRC catalogue's check values for "123456789" (cbf43926, e3069283), little-endian.
      ("crc32", "123456789", "2639F4CB"),
      ("crc32c", "123456789", "839206E3"),
      ("crc32", "", "00000000"),
      // zlib's crc32() (hashing.crc32) on the classic pangram: 414fa339, little-endian.
      ("crc32", "The quick brown fox jumps over the lazy dog", "39A34F41"),
      ("crc32c", "", "00000000"),
    ])
  func digests(function: String, input: String, expected: String) throws {
    #expect(try hex(function, .string(input)) == .string(expected))
    #expect(try hex(function, .bytes(Array(input.utf8))) == .string(expected))
  }

  @Test("long inputs cross block boundaries")
  func longInput() throws {
    let million = String(repeating: "a", count: 1_000_000)
    #expect(
      try hex("sha256", .string(million)) == .string("CDC76E5C9914FB9281A1C7E284D73E67F1809A48A497200E046D39CCC7112CD0")
    )
    #expect(try hex("md5", .string(million)) == .string("7707D6AE4E027C70EEA2A935C2296F21"))
    for length in [55, 56, 63, 64, 65] {
      #expect(
        try hex("md5", .string(String(repeating: "x", count: length)))
          != hex("md5", .string(String(repeating: "x", count: length + 1))))
    }
  }

  @Test("bad arguments are errors")
  func errors() {
    #expect(throws: EvalError.self) { try Builtins.callNamespaceFunction("hashing", "md5", [.int(1)]) }
    #expect(throws: EvalError.self) { try Builtins.callNamespaceFunction("hashing", "sha1", [.string("a")]) }
    #expect(throws: EvalError.self) { try Builtins.callNamespaceFunction("hashing", "md5", []) }
  }

  @Test("bytes: size, base64url with padding, uppercase hex")
  func bytes() throws {
    #expect(try Builtins.callMethod(.bytes([0xFF, 0xFF]), "size", []) == .int(2))
    #expect(try Builtins.callMethod(.bytes(Array("hi".utf8)), "toBase64", []) == .string("aGk="))
    #expect(try Builtins.callMethod(.bytes(Array("~~~".utf8)), "toBase64", []) == .string("fn5-"))
    #expect(try Builtins.callMethod(.bytes([0xFB, 0xEF, 0xBE]), "toBase64", []) == .string("----"))
    #expect(try Builtins.callMethod(.bytes([0xFF]), "toBase64", []) == .string("_w=="))
    #expect(try Builtins.callMethod(.bytes([]), "toBase64", []) == .string(""))
    #expect(try Builtins.callMethod(.bytes([0x2A]), "toHexString", []) == .string("2A"))
    #expect(try Builtins.callMethod(.bytes([0xE2, 0x82, 0xAC]), "toHexString", []) == .string("E282AC"))
    #expect(try Operators.binary(.equal, .bytes([1, 2]), .bytes([1, 2])) == .bool(true))
    #expect(try Operators.binary(.equal, .bytes([1, 2]), .string("\u{1}\u{2}")) == .bool(false))
  }
}
