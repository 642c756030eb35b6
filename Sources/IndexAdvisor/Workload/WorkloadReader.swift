import FirestoreModel
import Queries
import RulesLanguage

/// Reads workload files: one query DSL line per query, `#` comments (whole lines, or after a
/// query outside string literals), blank lines, and optional trailing `@weight N` and
/// `@max-reads N` (in either order).
/// Variables such as `auth.uid` need no binding: their values do not change the index a
/// query needs. A bad line is reported with its place and the other lines are still read.
/// Lines are split and scanned as UTF-8 bytes (a workload may have 100,000 lines).
package enum WorkloadReader {
  package static let maxWeight = 1_000_000_000

  /// Reads a workload file's bytes. A file that is not UTF-8 text (a NUL byte, invalid UTF-8)
  /// is not read at all: it gets one problem naming the byte offset (`SourceText`), with
  /// `notText` set, and no queries.
  ///
  /// `bindings` give variables values (`flint indexes --reads --auth`, where the values decide
  /// which documents match); variables without one read as placeholders (`"<auth.uid>"`).
  package static func read(bytes: [UInt8], file: String, bindings: [String: Value] = [:]) -> (
    queries: [WorkloadQuery], problems: [WorkloadProblem]
  ) {
    let decoded = SourceText.decode(bytes, name: file)
    guard let problem = decoded.problem else { return read(decoded.source.text, file: file, bindings: bindings) }
    let location = decoded.source.location(of: problem.range.start)
    let refused = WorkloadProblem(
      file: file, line: location.line, column: location.column, message: problem.message, notText: true)
    return ([], [refused])
  }

  package static func read(_ text: String, file: String, bindings: [String: Value] = [:]) -> (
    queries: [WorkloadQuery], problems: [WorkloadProblem]
  ) {
    var queries: [WorkloadQuery] = []
    var problems: [WorkloadProblem] = []
    let context = QueryContext(bindings: bindings, placeholdersForUnbound: true)
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
      let annotations: Annotations
      switch splitAnnotations(code) {
      case .success(let split): annotations = split
      case .failure(let problem):
        problems.append(WorkloadProblem(file: file, line: lineNumber, column: problem.column, message: problem.message))
        continue
      }
      let queryBytes = annotations.query
      let queryText = String(decoding: queryBytes, as: UTF8.self)
      func append(_ normalized: NormalizedQuery) {
        let text = String(decoding: Self.trimmed(queryBytes), as: UTF8.self)
        queries.append(
          WorkloadQuery(
            file: file, line: lineNumber, text: text, weight: annotations.weight ?? 1, maxReads: annotations.maxReads,
            query: normalized))
      }
      if let normalized = prepared[queryText] {
        append(normalized)
        continue
      }
      let source = SourceFile(name: file, text: queryText)
      let outcome = QueryPipeline.prepare(source, context: context)
      if let normalized = outcome.normalized {
        prepared[queryText] = normalized
        append(normalized)
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

  /// A line's query and its trailing annotations.
  struct Annotations {
    var query: ArraySlice<UInt8>
    var weight: Int?
    var maxReads: Int?
  }

  /// A bad annotation: its 1-based column and what is wrong.
  struct AnnotationProblem: Error {
    var column: Int
    var message: String
  }

  static let weightMarker = Array("@weight".utf8)
  static let maxReadsMarker = Array("@max-reads".utf8)

  /// Trailing `@weight N` and `@max-reads N` after the query's closing parenthesis, each at
  /// most once, in either order.
  static func splitAnnotations(_ code: ArraySlice<UInt8>) -> Result<Annotations, AnnotationProblem> {
    var split = Annotations(query: code)
    while let (at, marker) = lastAnnotation(split.query) {
      let number = String(decoding: trimmed(split.query[(at + marker.count)...]), as: UTF8.self)
      // Columns count characters, as diagnostics do (worked out only for a bad annotation).
      let column = String(decoding: code[code.startIndex..<at], as: UTF8.self).count + 1
      if marker == weightMarker {
        guard split.weight == nil else {
          return .failure(AnnotationProblem(column: column, message: "@weight given twice"))
        }
        guard let value = Int(number), value >= 1, value <= maxWeight else {
          return .failure(
            AnnotationProblem(
              column: column, message: "@weight needs a whole number from 1 to \(maxWeight), found '\(number)'"))
        }
        split.weight = value
      } else {
        guard split.maxReads == nil else {
          return .failure(AnnotationProblem(column: column, message: "@max-reads given twice"))
        }
        guard let value = Int(number), value >= 0, value <= maxWeight else {
          return .failure(
            AnnotationProblem(
              column: column, message: "@max-reads needs a whole number from 0 to \(maxWeight), found '\(number)'"))
        }
        split.maxReads = value
      }
      split.query = split.query[split.query.startIndex..<at]
    }
    return .success(split)
  }

  /// The last `@weight` or `@max-reads` of a line whose text before it ends with `)` or with
  /// another annotation.
  private static func lastAnnotation(_ code: ArraySlice<UInt8>) -> (Int, [UInt8])? {
    let line = trimmed(code)
    var at = line.endIndex - 1
    while at >= line.startIndex {
      for marker in [weightMarker, maxReadsMarker]
      where at + marker.count <= line.endIndex && line[at..<(at + marker.count)].elementsEqual(marker) {
        let before = line[..<at]
        return trimmed(before).last == UInt8(ascii: ")") || lastAnnotation(before) != nil ? (at, marker) : nil
      }
      at -= 1
    }
    return nil
  }

  /// Without leading and trailing ASCII spaces and tabs.
  static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
    while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
    return slice
  }
}
