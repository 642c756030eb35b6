import FirestoreModel
import Testing

/// The shared quoting loop, pinned per style to the exact text each former copy produced.
@Suite struct StringQuotingTests {
  static let sample = "q\"a'b\\c\n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{7F}/é😀"

  @Test func jsonEscapesLikeJSONStringify() {
    #expect(StringQuoting.quoted(Self.sample) == #""q\"a'b\\c\n\r\t\b\f\u0001\u001f"# + "\u{7F}" + #"/é😀""#)
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
