/// Recovery from a missing `}`. Without it braces pair up wrongly and the parser only notices
/// at the end of the file, against the service block, with the rest of the tree unreliable.
/// `RulesParser.parse` then parses again with `lines` set: a block whose body is indented
/// deeper than its header ends, with `parse.unclosed-block` at that header, at the first line
/// that starts at or left of the header's indentation (a `}` there closes an outer block only
/// when it is further left). The rest of the file then parses as the author indented it, so
/// the other diagnostics still appear.
extension Parser {
  /// Called just after a block's `{`: the indentation at or left of which the block ends,
  /// or nil when recovery is off or the body is not indented deeper than the header (the
  /// file does not show its structure by indentation there).
  func indentationLimit(header: Int) -> Int? {
    guard let lines else { return nil }
    let level = lines.indentation(ofLineAt: header)
    if current.kind != .eof, lines.startsLine(current.start), lines.indentation(ofLineAt: current.start) <= level {
      return nil
    }
    return level
  }

  /// Whether the current token, first on its line, is back at the block's level.
  func endsByIndentation(_ limit: Int?) -> Bool {
    guard let limit, let lines, current.kind != .eof, lines.startsLine(current.start) else { return false }
    let level = lines.indentation(ofLineAt: current.start)
    return current.kind == .rBrace ? level < limit : level <= limit
  }
}

/// Where each line starts and how far it is indented (spaces and tabs, in bytes), measured
/// once so that every question is a binary search, however long the lines.
struct LineIndentation: Sendable {
  private var starts: [Int] = [0]
  private var indentations: [Int] = []

  init(_ bytes: [UInt8]) {
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
    indentations.reserveCapacity(starts.count)
    for start in starts {
      var end = start
      while end < bytes.count && (bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t")) { end += 1 }
      indentations.append(end - start)
    }
  }

  /// The 0-based index of the line holding `offset`.
  private func line(of offset: Int) -> Int {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The 1-based column (in bytes) of `offset`.
  func column(of offset: Int) -> Int { offset - starts[line(of: offset)] + 1 }

  /// The 1-based line number of `offset`.
  func lineNumber(of offset: Int) -> Int { line(of: offset) + 1 }

  func indentation(ofLineAt offset: Int) -> Int { indentations[line(of: offset)] }

  /// Whether only spaces and tabs precede `offset` on its line.
  func startsLine(_ offset: Int) -> Bool {
    let index = line(of: offset)
    return starts[index] + indentations[index] == offset
  }
}
