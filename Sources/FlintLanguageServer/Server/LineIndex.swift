import FirestoreModel
import RulesLanguage

/// Converts between Flint's UTF-8 offsets and LSP positions (0-based line, and a character
/// offset counted in UTF-16 code units unless the client chose UTF-8).
struct LineIndex {
  /// The position encodings Flint offers (LSP 3.17 `positionEncoding`).
  enum Encoding: String {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
  }

  let bytes: [UInt8]
  let lineStarts: [Int]
  let encoding: Encoding

  init(_ source: SourceFile, encoding: Encoding) {
    bytes = source.bytes
    lineStarts = source.lineStarts
    self.encoding = encoding
  }

  /// The offset of a position; a position past a line's end or the file's end is clamped to it.
  func offset(of position: Position) -> Int {
    guard position.line < lineStarts.count else { return bytes.count }
    var offset = lineStarts[position.line]
    var units = 0
    while offset < bytes.count, bytes[offset] != 10, units < position.character {
      let (length, width) = scalar(at: offset)
      if units + width > position.character { break }
      units += width
      offset += length
    }
    return offset
  }

  /// The position of an offset.
  func position(of offset: Int) -> Position {
    let clamped = min(max(offset, 0), bytes.count)
    let line = lineNumber(of: clamped)
    var index = lineStarts[line]
    var units = 0
    while index < clamped {
      let (length, width) = scalar(at: index)
      units += width
      index += length
    }
    return Position(line: line, character: units)
  }

  /// An LSP `Range` for a source range.
  func range(_ range: SourceRange) -> JSONValue {
    ["start": position(of: range.start).json, "end": position(of: range.end).json]
  }

  /// The byte length of the scalar at `offset` and its width in the encoding's units.
  private func scalar(at offset: Int) -> (length: Int, width: Int) {
    let lead = bytes[offset]
    let length =
      switch lead {
      case 0xF0...: 4
      case 0xE0...: 3
      case 0xC0...: 2
      default: 1
      }
    let available = min(length, bytes.count - offset)
    switch encoding {
    case .utf8: return (available, available)
    case .utf16: return (available, length == 4 ? 2 : 1)
    }
  }
}

extension LineIndex {
  /// The offset where the line holding `offset` starts.
  func lineStart(of offset: Int) -> Int {
    lineStarts[lineNumber(of: min(max(offset, 0), bytes.count))]
  }

  /// The 0-based line holding `offset`.
  private func lineNumber(of offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }
}
