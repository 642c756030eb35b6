/// A rules or query source text, with the line table needed to turn UTF-8 offsets
/// into 1-based lines and columns.
public struct SourceFile: Sendable {
  /// The name shown in diagnostics (usually the file path).
  public let name: String
  /// The text as decoded (invalid UTF-8 is replaced with U+FFFD).
  public let text: String
  /// The UTF-8 bytes of `text`; all ranges are offsets into this array.
  public let bytes: [UInt8]
  /// The offset at which each line starts; `lineStarts[0] == 0`.
  public let lineStarts: [Int]

  public init(name: String, text: String) {
    self.name = name
    self.text = text
    self.bytes = Array(text.utf8)
    var starts = [0]
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(offset + 1)
    }
    self.lineStarts = starts
  }

  /// The 1-based line and 1-based column (in characters, i.e. Unicode scalars) of a UTF-8 offset.
  public func location(of offset: Int) -> SourceLocation {
    let clamped = min(max(offset, 0), bytes.count)
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
    }
    let lineStart = lineStarts[low]
    var column = 1
    var index = lineStart
    while index < clamped {
      // Count scalars: skip UTF-8 continuation bytes.
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return SourceLocation(line: low + 1, column: column, offset: clamped)
  }

  /// The text of a 1-based line, without its line terminator.
  public func lineText(_ line: Int) -> String {
    guard line >= 1, line <= lineStarts.count else { return "" }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
  }

  /// The source text covered by a range.
  public func text(in range: SourceRange) -> String {
    let start = min(max(range.start, 0), bytes.count)
    let end = min(max(range.end, start), bytes.count)
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}

/// A resolved position: 1-based line and column (in characters), plus the UTF-8 offset.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  public var offset: Int

  public init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  public var description: String { "\(line):\(column)" }
}
