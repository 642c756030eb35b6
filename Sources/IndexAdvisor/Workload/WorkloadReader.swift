import FirestoreModel
import Queries
import RulesLanguage

/// Reads workload files: one query DSL line per query, `#` comments (whole lines, or after a
/// query outside string literals), blank lines, and an optional trailing `@weight N`.
/// Variables such as `auth.uid` need no binding: their values do not change the index a
/// query needs. A bad line is reported with its place and the other lines are still read.
/// Lines are split and scanned as UTF-8 bytes (a workload may have 100,000 lines).
package enum WorkloadReader {
  package static let maxWeight = 1_000_000_000

  /// Reads a workload file's bytes. A file that is not UTF-8 text (a NUL byte, invalid UTF-8)
  /// is not read at all: it gets one problem naming the byte offset (`SourceText`), with
  /// `notText` set, and no queries.
  package static func read(bytes: [UInt8], file: String) -> (queries: [WorkloadQuery], problems: [WorkloadProblem]) {
    let decoded = SourceText.decode(bytes, name: file)
    guard let problem = decoded.problem else { return read(decoded.source.text, file: file) }
    let location = decoded.source.location(of: problem.range.start)
    let refused = WorkloadProblem(
      file: file, line: location.line, column: location.column, message: problem.message, notText: true)
    return ([], [refused])
  }

  package static func read(_ text: String, file: String) -> (queries: [WorkloadQuery], problems: [WorkloadProblem]) {
    var queries: [WorkloadQuery] = []
    var problems: [WorkloadProblem] = []
    let context = QueryContext(bindings: [:], placeholdersForUnbound: true)
    let bytes = Array(text.utf8)
    // Workloads repeat their queries (one line per call site): each distinct text is prepared once.
    var prepared: [String: NormalizedQuery] = [:]
    var lineNumber = 0
    var start = 0
    while start <= bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
      lineNumber += 1
      defer { start = end + 1 }
      var line = bytes[start..<end]
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      let code = withoutComment(line)
      let trimmed = trimmed(code)
      guard !trimmed.isEmpty else { continue }
      var queryBytes = code
      var weight = 1
      switch splitWeight(code) {
      case .none: break
      case .weight(let prefix, let value):
        queryBytes = prefix
        weight = value
      case .invalid(let column, let message):
        problems.append(WorkloadProblem(file: file, line: lineNumber, column: column, message: message))
        continue
      }
      let queryText = String(decoding: queryBytes, as: UTF8.self)
      if let normalized = prepared[queryText] {
        let text = String(decoding: Self.trimmed(queryBytes), as: UTF8.self)
        queries.append(WorkloadQuery(file: file, line: lineNumber, text: text, weight: weight, query: normalized))
        continue
      }
      let source = SourceFile(name: file, text: queryText)
      let outcome = QueryPipeline.prepare(source, context: context)
      if let normalized = outcome.normalized {
        prepared[queryText] = normalized
        let text = String(decoding: Self.trimmed(queryBytes), as: UTF8.self)
        queries.append(WorkloadQuery(file: file, line: lineNumber, text: text, weight: weight, query: normalized))
        continue
      }
      let diagnostic = QueryPipeline.diagnostics(of: outcome).first { $0.severity == .error }
      let column = diagnostic.map { source.location(of: $0.range.start).column } ?? 1
      let message = outcome.error?.message ?? diagnostic?.message ?? "not a valid query"
      problems.append(WorkloadProblem(file: file, line: lineNumber, column: column, message: message))
    }
    return (queries, problems)
  }

  /// The line up to a `#` that is outside string literals.
  static func withoutComment(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var quote: UInt8?
    var escaped = false
    for index in line.indices {
      let byte = line[index]
      if let open = quote {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == open {
          quote = nil
        }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "#") {
        return line[..<index]
      }
    }
    return line
  }

  enum WeightSplit {
    case none
    case weight(ArraySlice<UInt8>, Int)
    case invalid(column: Int, message: String)
  }

  static let weightMarker = Array("@weight".utf8)

  /// A trailing `@weight N` after the query's closing parenthesis.
  static func splitWeight(_ code: ArraySlice<UInt8>) -> WeightSplit {
    let line = trimmed(code)
    guard line.count > weightMarker.count else { return .none }
    var at = line.endIndex - weightMarker.count
    while at >= line.startIndex, !line[at..<(at + weightMarker.count)].elementsEqual(weightMarker) { at -= 1 }
    guard at >= line.startIndex, trimmed(line[..<at]).last == UInt8(ascii: ")") else { return .none }
    let number = String(decoding: trimmed(line[(at + weightMarker.count)...]), as: UTF8.self)
    guard let value = Int(number), value >= 1, value <= maxWeight else {
      // Columns count characters, as diagnostics do (worked out only for a bad weight).
      let column = String(decoding: code[code.startIndex..<at], as: UTF8.self).count + 1
      return .invalid(column: column, message: "@weight needs a whole number from 1 to \(maxWeight), found '\(number)'")
    }
    return .weight(code[code.startIndex..<at], value)
  }

  /// Without leading and trailing ASCII spaces and tabs.
  static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
    while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
    return slice
  }
}
