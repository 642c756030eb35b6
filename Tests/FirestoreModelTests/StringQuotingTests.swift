import FirestoreModel
import Testing

/// The shared quoting loop, pinned per style to the exact text each former copy produced.
@Suite struct StringQuotingTests {
  static let sample = "q\"a'b\\c\n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{7F}/é😀"

  /// JSON.stringify's escapes, plus `\uXXXX` for what could act on a terminal (DEL, C1, bidi
  /// marks and overrides, U+2028/9, U+FEFF): the same value for a JSON reader, inert on a screen.
  @Test func jsonEscapesLikeJSONStringifyAndHidesNothing() throws {
    #expect(StringQuoting.quoted(Self.sample) == #""q\"a'b\\c\n\r\t\b\f\u0001\u001f\u007f/é😀""#)
    let trojan = "a\u{202E}b\u{85}c\u{2028}d\u{FEFF}e\u{200F}"
    let quoted = StringQuoting.quoted(trojan)
    #expect(quoted == #""a\u202eb\u0085c\u2028d\ufeffe\u200f""#)
    #expect(try JSONParser.parse(quoted) == .string(trojan))
    var out = "x"
    StringQuoting.appendQuoted("", to: &out)
    #expect(out == #"x"""#)
  }

  @Test func singleQuotedHexStyles() {
    let unicode = StringQuoting.Style(
      quote: "'", shortBackspaceAndFormFeed: false, escapesDelete: true, hexEscape: .unicode4)
    #expect(
      StringQuoting.quoted(Self.sample, style: unicode)
        == #"'q"a\'b\\c\n\r\t\u0008\u000c\u0001\u001f\u007f/é😀'"#)
    let byte = StringQuoting.Style(quote: "'", shortBackspaceAndFormFeed: false, escapesDelete: true, hexEscape: .byte2)
    #expect(StringQuoting.quoted(Self.sample, style: byte) == #"'q"a\'b\\c\n\r\t\x08\x0c\x01\x1f\x7f/é😀'"#)
  }

  @Test func jsonPathKeysUseTheUnicodeStyle() {
    #expect(JSONPath.root.appending("a\u{7F}\u{0C}'").description == #"$['a\u007f\u000c\'']"#)
  }
}
