/// A rules or query source text, with the line table needed to turn UTF-8 offsets
/// into 1-based lines and columns.
package struct SourceFile: Sendable {
  /// The name shown in diagnostics (usually the file path).
  package let name: String
  /// The text as decoded (invalid UTF-8 is replaced with U+FFFD).
  package let text: String
  /// The UTF-8 bytes of `text`; all ranges are offsets into this array.
  package let bytes: [UInt8]
  /// The offset at which each line starts; `lineStarts[0] == 0`.
  package let lineStarts: [Int]
  /// `scalarCheckpoints[k]` counts the Unicode scalars in `bytes[0..<k * checkpointStride]`,
  /// so a column costs at most one stride of scanning even on a very long line.
  private let scalarCheckpoints: [Int]
  private static let checkpointStride = 256

  package init(name: String, text: String) {
    self.name = name
    self.text = text
    self.bytes = Array(text.utf8)
    var starts = [0]
    var checkpoints: [Int] = []
    checkpoints.reserveCapacity(bytes.count / Self.checkpointStride + 1)
    var scalars = 0
    for (offset, byte) in bytes.enumerated() {
      if offset % Self.checkpointStride == 0 { checkpoints.append(scalars) }
      if byte & 0xC0 != 0x80 { scalars += 1 }
      if byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
    }
    // One checkpoint per stride up to and including `bytes.count`.
    if bytes.count % Self.checkpointStride == 0 { checkpoints.append(scalars) }
    self.lineStarts = starts
    self.scalarCheckpoints = checkpoints
  }

  /// The 1-based line and 1-based column (in characters, i.e. Unicode scalars) of a UTF-8 offset.
  package func location(of offset: Int) -> SourceLocation {
    let clamped = min(max(offset, 0), bytes.count)
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
    }
    let column = scalars(before: clamped) - scalars(before: lineStarts[low]) + 1
    return SourceLocation(line: low + 1, column: column, offset: clamped)
  }

  /// The number of Unicode scalars in `bytes[0..<offset]` (UTF-8 continuation bytes skipped).
  private func scalars(before offset: Int) -> Int {
    let block = offset / Self.checkpointStride
    var count = scalarCheckpoints[block]
    var index = block * Self.checkpointStride
    while index < offset {
      if bytes[index] & 0xC0 != 0x80 { count += 1 }
      index += 1
    }
    return count
  }

  /// The text of a 1-based line, without its line terminator.
  package func lineText(_ line: Int) -> String {
    guard line >= 1, line <= lineStarts.count else { return "" }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
  }

  /// The source text covered by a range.
  package func text(in range: SourceRange) -> String {
    let start = min(max(range.start, 0), bytes.count)
    let end = min(max(range.end, start), bytes.count)
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}

/// A resolved position: 1-based line and column (in characters), plus the UTF-8 offset.
package struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  package var line: Int
  package var column: Int
  package var offset: Int

  package init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  package var description: String { "\(line):\(column)" }
}
