/// LSP's base protocol: each message is `Content-Length: N` (other headers ignored), a blank
/// line, then N bytes of JSON. `FrameReader` takes bytes as they arrive and hands out whole
/// bodies; a broken header is reported and skipped, so one bad message never ends the session.
package struct FrameReader: Sendable {
  /// The largest body accepted; a larger announced length is an error and the body is skipped.
  package static let maxBodyBytes = 64 << 20
  /// The longest header block accepted before giving up on it.
  static let maxHeaderBytes = 8 << 10

  /// What the reader found.
  package enum Frame: Equatable, Sendable {
    case body([UInt8])
    /// A header that could not be read, and why. The reader has moved past it.
    case malformed(String)
  }

  private var buffer: [UInt8] = []
  private var position = 0
  /// Bytes of an oversized body still to be thrown away.
  private var skipping = 0

  package init() {}

  /// Adds bytes read from the stream.
  package mutating func append(_ bytes: some Sequence<UInt8>) {
    if position > 0 && position == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      position = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next complete frame, or nil when more bytes are needed.
  package mutating func next() -> Frame? {
    if skipping > 0 {
      let available = min(skipping, buffer.count - position)
      position += available
      skipping -= available
      if skipping > 0 { return nil }
    }
    guard let end = headerEnd() else {
      if buffer.count - position > Self.maxHeaderBytes {
        position = buffer.count
        return .malformed("a header block longer than \(Self.maxHeaderBytes) bytes")
      }
      return nil
    }
    let header = String(decoding: buffer[position..<end], as: UTF8.self)
    let bodyStart = end + 4
    guard let length = Self.contentLength(header) else {
      position = bodyStart
      return .malformed("a message header without a valid Content-Length")
    }
    guard length <= Self.maxBodyBytes else {
      position = bodyStart
      skipping = length
      compact()
      return .malformed("a message of \(length) bytes, more than the \(Self.maxBodyBytes) accepted")
    }
    guard buffer.count - bodyStart >= length else { return nil }
    let body = Array(buffer[bodyStart..<(bodyStart + length)])
    position = bodyStart + length
    compact()
    return .body(body)
  }

  /// The offset of the `\r\n\r\n` that ends the header block at `position`.
  private func headerEnd() -> Int? {
    var index = position
    while index + 3 < buffer.count {
      if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
        return index
      }
      index += 1
    }
    return nil
  }

  private mutating func compact() {
    if position > 1 << 16 {
      buffer.removeFirst(position)
      position = 0
    }
  }

  static func contentLength(_ header: String) -> Int? {
    for line in header.split(separator: "\r\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
      let digits = parts[1].filter { $0 != " " && $0 != "\t" }
      guard !digits.isEmpty, digits.count <= 12, let value = Int(digits), value >= 0
      else { return nil }
      return value
    }
    return nil
  }

  /// A body framed for writing.
  package static func frame(_ body: String) -> [UInt8] {
    let bytes = Array(body.utf8)
    return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
  }
}
