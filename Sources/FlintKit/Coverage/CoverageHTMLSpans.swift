import RulesEngine
import RulesLanguage

/// The coloured spans of a rules file's HTML coverage page, and its lines as HTML with the
/// spans closed at each line end and reopened on the next line.
enum CoverageHTMLSpans {
  struct Span {
    var start: Int
    var end: Int
    var style: String
    var title: String
  }

  /// Every span, by start (then widest first). Spans nest: one that would cross an enclosing
  /// span's end is cut there.
  static func spans(_ file: FileCoverage) -> [Span] {
    let coverage = file.coverage
    let targets = coverage.targets
    var spans: [Span] = []
    for (block, hits) in zip(targets.matches, coverage.matchHits) {
      let title = hits == 0 ? "match block never reached" : "match block reached \(times(hits))"
      spans.append(
        Span(start: block.range.start, end: block.range.end, style: hits == 0 ? "m-never" : "", title: title))
    }
    for (function, calls) in zip(targets.functions, coverage.functionCalls) {
      let title = calls == 0 ? "function never called" : "function called \(times(calls))"
      spans.append(
        Span(
          start: function.nameRange.start, end: function.nameRange.end, style: calls == 0 ? "f-never" : "",
          title: title))
    }
    var proved: [SourceRange] = []
    for (allow, counts) in zip(targets.allows, coverage.allowCounts) {
      // An `if false` allow is not coverable: no colour, its title says so.
      let style =
        allow.isNever
        ? "" : counts.evaluated == 0 ? "a-never" : CoverageSummary.covers(counts, allow) ? "a-ok" : "a-part"
      let keywordEnd = min(allow.range.start + 5, allow.range.end)
      spans.append(
        Span(
          start: allow.range.start, end: keywordEnd, style: style, title: CoverageMarks.allowMessage(counts, allow)))
      if let condition = allow.conditionRange, counts.proved > 0 {
        let traced = zip(targets.expressions, coverage.expressionCounts).contains {
          $0.range == condition && $1.evaluated > 0
        }
        if !traced { proved.append(condition) }
      }
    }
    for (expression, counts) in zip(targets.expressions, coverage.expressionCounts) {
      let range = expression.range
      if let condition = proved.first(where: { $0.start <= range.start && range.end <= $0.end }) {
        if condition == range {
          spans.append(
            Span(
              start: range.start, end: range.end, style: "x-proved",
              title: "decided by query proofs, not traced"))
        }
        continue
      }
      var style = ""
      var title = outcomes(counts)
      if counts.evaluated == 0 {
        style = "x-never"
      } else if expression.isCondition, let message = CoverageMarks.conditionMessage(counts) {
        style = counts.trueCount == 0 ? "x-notrue" : "x-nofalse"
        title = message
      }
      spans.append(Span(start: range.start, end: range.end, style: style, title: title))
    }
    return spans.filter { $0.start < $0.end }.sorted { ($0.start, -$0.end) < ($1.start, -$1.end) }
  }

  /// `evaluated 4 times: 3 true, 1 error`, or `never evaluated`.
  static func outcomes(_ counts: OutcomeCounts) -> String {
    if counts.evaluated == 0 { return "never evaluated" }
    var parts: [String] = []
    if counts.trueCount > 0 { parts.append("\(counts.trueCount) true") }
    if counts.falseCount > 0 { parts.append("\(counts.falseCount) false") }
    if counts.errorCount > 0 { parts.append(counts.errorCount == 1 ? "1 error" : "\(counts.errorCount) errors") }
    if counts.valueCount > 0 { parts.append("\(counts.valueCount) other values") }
    return "evaluated \(times(counts.evaluated)): " + parts.joined(separator: ", ")
  }

  private static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }

  /// The file's lines as HTML (no trailing empty line; a line's final CR dropped).
  static func lines(_ file: FileCoverage) -> [String] {
    let bytes = file.source.bytes
    var lines: [String] = []
    var current = ""
    var open: [Span] = []
    var position = 0

    func openTag(_ span: Span) -> String {
      let style = span.style.isEmpty ? "" : " class=\"\(span.style)\""
      return "<span\(style) title=\"\(HTMLEscaper.escape(span.title))\">"
    }
    func text(upTo end: Int) {
      guard position < end else { return }
      var chunkStart = position
      for offset in position..<end where bytes[offset] == UInt8(ascii: "\n") {
        var chunkEnd = offset
        if chunkEnd > chunkStart && bytes[chunkEnd - 1] == UInt8(ascii: "\r") { chunkEnd -= 1 }
        current += HTMLEscaper.escapeSource(String(decoding: bytes[chunkStart..<chunkEnd], as: UTF8.self))
        current += String(repeating: "</span>", count: open.count)
        lines.append(current)
        current = open.map(openTag).joined()
        chunkStart = offset + 1
      }
      current += HTMLEscaper.escapeSource(String(decoding: bytes[chunkStart..<end], as: UTF8.self))
      position = end
    }
    func close() {
      let span = open.removeLast()
      text(upTo: span.end)
      current += "</span>"
    }

    for var span in spans(file) {
      while let top = open.last, top.end <= span.start { close() }
      text(upTo: span.start)
      if let top = open.last { span.end = min(span.end, top.end) }
      span.end = min(span.end, bytes.count)
      guard span.start < span.end else { continue }
      current += openTag(span)
      open.append(span)
    }
    while !open.isEmpty { close() }
    text(upTo: bytes.count)
    if !current.isEmpty || bytes.last != UInt8(ascii: "\n") { lines.append(current) }
    return lines
  }
}
