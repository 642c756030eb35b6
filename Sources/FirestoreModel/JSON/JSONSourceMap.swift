/// Finds where values of a parsed JSON text start, by JSON path, so that errors found
/// later (by typed access or a fixture decoder) can point at a line and column.
package struct JSONSourceMap: Sendable {
  private let bytes: [UInt8]
  private let lineStarts: [Int]
  private let maxDepth: Int
  /// The file name attached to located errors.
  package let file: String?

  init(bytes: [UInt8], file: String?, maxDepth: Int) {
    self.bytes = bytes
    self.file = file
    self.maxDepth = maxDepth
    var starts = [0]
    for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(i + 1) }
    self.lineStarts = starts
  }

  /// The UTF-8 offset where the value at `path` starts, or nil when there is no such value.
  package func offset(of path: JSONPath) -> Int? {
    prefixOffsets(of: path).last ?? nil
  }

  /// Offsets of the values at each prefix of `path` (index k: the first k components).
  func prefixOffsets(of path: JSONPath) -> [Int?] {
    var scanner = JSONScanner(bytes: bytes, file: file, maxDepth: maxDepth, target: path.components)
    _ = try? scanner.parseDocument()
    return scanner.targetOffsets
  }

  /// The offsets where the elements of the array at `path` start, in one scan (locating each
  /// element with `locate` would scan the text once per element).
  package func elementOffsets(ofArrayAt path: JSONPath) -> [Int] {
    var scanner = JSONScanner(bytes: bytes, file: file, maxDepth: maxDepth, target: path.components)
    scanner.collectsElements = true
    _ = try? scanner.parseDocument()
    return scanner.elementOffsets
  }

  /// The 1-based line and column (in characters) of a UTF-8 offset.
  package func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
    Self.lineAndColumn(of: offset, in: bytes, lineStarts: lineStarts)
  }

  /// The error with file, line and column filled from the closest located ancestor of its path.
  package func locate(_ error: JSONError) -> JSONError {
    var located = error
    if located.file == nil { located.file = file }
    guard located.line == nil else { return located }
    guard let offset = prefixOffsets(of: error.path).last(where: { $0 != nil }) ?? nil else { return located }
    let (line, column) = lineAndColumn(of: offset)
    located.line = line
    located.column = column
    located.offset = offset
    return located
  }

  /// Line/column computation shared with the parser.
  static func lineAndColumn(of offset: Int, in bytes: [UInt8], lineStarts: [Int]? = nil) -> (line: Int, column: Int) {
    let clamped = min(max(offset, 0), bytes.count)
    var line = 1
    var lineStart = 0
    if let lineStarts {
      var low = 0
      var high = lineStarts.count - 1
      while low < high {
        let mid = (low + high + 1) / 2
        if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
      }
      line = low + 1
      lineStart = lineStarts[low]
    } else {
      for i in 0..<clamped where bytes[i] == UInt8(ascii: "\n") {
        line += 1
        lineStart = i + 1
      }
    }
    var column = 1
    for i in lineStart..<clamped where bytes[i] & 0xC0 != 0x80 { column += 1 }
    return (line, column)
  }
}
