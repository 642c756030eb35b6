import FlintLanguageServer
import Testing

@Suite struct FrameReaderTests {
  private func frames(_ chunks: [String]) -> [FrameReader.Frame] {
    var reader = FrameReader()
    var found: [FrameReader.Frame] = []
    for chunk in chunks {
      reader.append(Array(chunk.utf8))
      while let frame = reader.next() { found.append(frame) }
    }
    return found
  }

  @Test func aBodySplitAcrossReadsIsWholeOnceComplete() {
    let found = frames(["Content-Len", "gth: 7\r\n\r\n{\"a\"", ":1}"])
    #expect(found == [.body(Array("{\"a\":1}".utf8))])
  }

  @Test func twoMessagesInOneReadAndOtherHeadersIgnored() {
    let found = frames([
      "Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}content-length:2\r\n\r\n[]"
    ])
    #expect(found == [.body(Array("{}".utf8)), .body(Array("[]".utf8))])
  }

  @Test func aHeaderWithoutLengthIsReportedAndTheNextMessageStillRead() {
    let found = frames(["Content-Type: x\r\n\r\nContent-Length: 2\r\n\r\n{}"])
    #expect(found == [.malformed("a message header without a valid Content-Length"), .body(Array("{}".utf8))])
  }

  @Test(arguments: [
    "Content-Length: -3", "Content-Length: 12abc", "Content-Length: ", "Content-Length: 99999999999999",
  ])
  func aBadLengthIsMalformed(_ header: String) {
    #expect(frames([header + "\r\n\r\n"]) == [.malformed("a message header without a valid Content-Length")])
  }

  @Test func anOversizedBodyIsSkippedWithoutBeingBuffered() {
    let size = FrameReader.maxBodyBytes + 10
    var reader = FrameReader()
    reader.append(Array("Content-Length: \(size)\r\n\r\n".utf8))
    #expect(
      reader.next() == .malformed("a message of \(size) bytes, more than the \(FrameReader.maxBodyBytes) accepted"))
    let chunk = [UInt8](repeating: 32, count: 1 << 20)
    var fed = 0
    while fed < size {
      let count = min(chunk.count, size - fed)
      reader.append(chunk[..<count])
      fed += count
      #expect(reader.next() == nil)
    }
    reader.append(Array("Content-Length: 2\r\n\r\n{}".utf8))
    #expect(reader.next() == .body(Array("{}".utf8)))
  }

  @Test func anEndlessHeaderIsCutOff() {
    let found = frames([String(repeating: "X", count: 9000)])
    #expect(found == [.malformed("a header block longer than 8192 bytes")])
  }

  @Test func framesCountBytesNotCharacters() {
    #expect(FrameReader.frame("\"é\"") == Array("Content-Length: 4\r\n\r\n\"é\"".utf8))
  }
}
