import FirestoreModel
import FlintTestSupport
import Testing

@Suite struct Base64Tests {
  @Test func encodesRFC4648Vectors() throws {
    let vectors = [
      "": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy",
    ]
    for (plain, encoded) in vectors {
      #expect(Base64.encode(Array(plain.utf8)) == encoded)
      #expect(try Base64.decode(encoded) == Array(plain.utf8))
    }
    #expect(Base64.encode(Array("f".utf8), padding: false) == "Zg")
  }

  @Test func urlAlphabetMatchesRulesToBase64() throws {
    #expect(Base64.encode([0xFB, 0xEF, 0xBE], alphabet: .url) == "----")
    #expect(Base64.encode(Array("~~~".utf8), alphabet: .url) == "fn5-")
    #expect(Base64.encode(Array("~~~".utf8)) == "fn5+")
    #expect(Base64.encode(Array("hi".utf8), alphabet: .url) == "aGk=")
    #expect(try Base64.decode("----", alphabet: .url) == [0xFB, 0xEF, 0xBE])
  }

  @Test func roundTripsAllLengths() throws {
    var generator = SplitMix64(seed: 3)
    for length in 0..<70 {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      for alphabet in [Base64.Alphabet.standard, .url] {
        #expect(try Base64.decode(Base64.encode(bytes, alphabet: alphabet), alphabet: alphabet) == bytes)
      }
      #expect(try Base64.decodeLenient(Base64.encode(bytes, alphabet: .url, padding: false)) == bytes)
    }
  }

  @Test(arguments: [
    ("Zg=", "multiple of 4"), ("Zg", "multiple of 4"), ("Z===", "too much"), ("Zm9v YmFy", "character ' '"),
    ("Zm9v\nYmFy", "character"), ("Zh==", "unused bits"), ("Zm9=", "unused bits"), ("Zg==Zg==", "'=' before the end"),
    ("Zm9vY===", "too much"), ("fn5-", "character '-'"), ("Zé==", "non-ASCII"), ("Z=Z=", "'=' before the end"),
    ("Zm8==", "multiple of 4"),
  ])
  func rejectsMalformedText(text: String, fragment: String) {
    do {
      _ = try Base64.decode(text)
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.message.contains(fragment), "\(text): \(error)")
      #expect(error.offset != nil)
    }
  }

  @Test func lenientDecodingStillRejectsGarbage() throws {
    #expect(throws: TextFormatError.self) { try Base64.decodeLenient("ab+-") }
    #expect(throws: TextFormatError.self) { try Base64.decodeLenient("a") }
    #expect(throws: TextFormatError.self) { try Base64.decodeLenient("a!bc") }
    #expect(try Base64.decodeLenient("Zg") == [0x66])
    #expect(try Base64.decodeLenient("Zg==") == [0x66])
  }
}
