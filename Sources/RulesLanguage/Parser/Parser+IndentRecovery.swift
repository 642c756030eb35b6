/// Recovery from a missing `}`. Without it braces pair up wrongly and the parser only notices
/// at the end of the file, against the service block, with the rest of the tree unreliable.
/// `RulesParser.parse` then parses again with `closesBlocksByIndentation` set: a block whose
/// body is indented deeper than its header ends, with `parse.unclosed-block` at that header,
/// at the first line that starts at or left of the header's indentation (a `}` there closes
/// an outer block only when it is further left). The rest of the file then parses as the
/// author indented it, so the other diagnostics still appear.
extension Parser {
  /// The indentation (spaces and tabs, in bytes) of the line holding `offset`.
  func indentation(ofLineAt offset: Int) -> Int {
    var start = min(max(offset, 0), bytes.count)
    while start > 0 && bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    var end = start
    while end < bytes.count && (bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t")) { end += 1 }
    return end - start
  }

  /// Whether only spaces and tabs precede `offset` on its line.
  func startsLine(_ offset: Int) -> Bool {
    var index = min(max(offset, 0), bytes.count)
    while index > 0 {
      let byte = bytes[index - 1]
      if byte == UInt8(ascii: "\n") { return true }
      if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") { return false }
      index -= 1
    }
    return true
  }

  /// Called just after a block's `{`: the indentation at or left of which the block ends,
  /// or nil when recovery is off or the body is not indented deeper than the header (the
  /// file does not show its structure by indentation there).
  func indentationLimit(header: Int) -> Int? {
    guard closesBlocksByIndentation else { return nil }
    let level = indentation(ofLineAt: header)
    if current.kind != .eof, startsLine(current.start), indentation(ofLineAt: current.start) <= level { return nil }
    return level
  }

  /// The 1-based line of `offset`.
  func lineNumber(of offset: Int) -> Int {
    var line = 1
    for index in 0..<min(max(offset, 0), bytes.count) where bytes[index] == UInt8(ascii: "\n") { line += 1 }
    return line
  }

  /// Whether the current token, first on its line, is back at the block's level.
  func endsByIndentation(_ limit: Int?) -> Bool {
    guard let limit, current.kind != .eof, startsLine(current.start) else { return false }
    let level = indentation(ofLineAt: current.start)
    return current.kind == .rBrace ? level < limit : level <= limit
  }
}
