import FlintTestSupport
import Testing

@testable import SourceQueries

/// The one-line form of source text shown with findings: ASCII text takes a byte path, and it
/// must read exactly as the Character path does.
struct OneLineTests {
  @Test func asciiTextReadsAsTheCharacterPath() {
    var random = SplitMix64(seed: 7)
    let alphabet = Array(" \t\n\r\u{0B}\u{0C}ab.(){}'\"\u{1C}\u{1F}x")
    for _ in 0..<2_000 {
      let length = Int(random.next() % 100)
      let text = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
      #expect(
        SourceFindings.oneLine(text) == SourceFindings.oneLine(text + "é").dropLastAccent(), "\(text.debugDescription)")
    }
  }

  @Test func whitespaceRunsCollapseAndLongTextIsCut() {
    #expect(
      SourceFindings.oneLine("  db.collection('a')\n\t  .where('x', '==', 1)\r\n")
        == "db.collection('a') .where('x', '==', 1)")
    let long = SourceFindings.oneLine(String(repeating: "ab ", count: 60))
    #expect(long.count == 120 && long.hasSuffix("…"))
  }
}

extension String {
  /// Without the `é` a test appended to force the Character path (and the space before it).
  fileprivate func dropLastAccent() -> String {
    var text = self
    if text.hasSuffix("é") { text.removeLast() }
    if text.hasSuffix(" ") { text.removeLast() }
    return text
  }
}

/// The DSL's string literals for the text the extractors produce.
struct DSLTextTests {
  @Test func escapesWhatTheQueryLexerReadsBack() {
    #expect(DSLText.string("a\"b\\c\n\r\t\u{01}\u{08}\u{7F}é") == #""a\"b\\c\n\r\t\u0001\u0008\u007fé""#)
  }
}
