import FirestoreModel
import Queries
import RulesLanguage

/// Reads workload files: one query DSL line per query, `#` comments (whole lines, or after a
/// query outside string literals), blank lines, and an optional trailing `@weight N`.
/// Variables such as `auth.uid` need no binding: their values do not change the index a
/// query needs. A bad line is reported with its place and the other lines are still read.
public enum WorkloadReader {
  public static let maxWeight = 1_000_000_000

  public static func read(_ text: String, file: String) -> (queries: [WorkloadQuery], problems: [WorkloadProblem]) {
    var queries: [WorkloadQuery] = []
    var problems: [WorkloadProblem] = []
    let context = QueryContext(bindings: [:], placeholdersForUnbound: true)
    var lineNumber = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      var line = Substring(rawLine)
      if line.last == "\r" { line = line.dropLast() }
      let code = withoutComment(line)
      guard !code.allSatisfy(\.isWhitespace) else { continue }
      var queryText = Substring(code)
      var weight = 1
      switch splitWeight(code) {
      case .none: break
      case .weight(let prefix, let value):
        queryText = prefix
        weight = value
      case .invalid(let column, let message):
        problems.append(WorkloadProblem(file: file, line: lineNumber, column: column, message: message))
        continue
      }
      let source = SourceFile(name: file, text: String(queryText))
      let prepared = QueryPipeline.prepare(source, context: context)
      if let normalized = prepared.normalized {
        let trimmed = queryText.trimmingWhitespace()
        queries.append(WorkloadQuery(file: file, line: lineNumber, text: String(trimmed), weight: weight, query: normalized))
        continue
      }
      let diagnostic = QueryPipeline.diagnostics(of: prepared).first { $0.severity == .error }
      let column = diagnostic.map { source.location(of: $0.range.start).column } ?? 1
      let message = prepared.error?.message ?? diagnostic?.message ?? "not a valid query"
      problems.append(WorkloadProblem(file: file, line: lineNumber, column: column, message: message))
    }
    return (queries, problems)
  }

  /// The line up to a `#` that is outside string literals.
  static func withoutComment(_ line: Substring) -> Substring {
    var quote: Character?
    var escaped = false
    for index in line.indices {
      let character = line[index]
      if let open = quote {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == open {
          quote = nil
        }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == "#" {
        return line[..<index]
      }
    }
    return line
  }

  enum WeightSplit {
    case none
    case weight(Substring, Int)
    case invalid(column: Int, message: String)
  }

  /// A trailing `@weight N` after the query's closing parenthesis.
  static func splitWeight(_ code: Substring) -> WeightSplit {
    let trimmed = code.trimmingWhitespace()
    guard let at = trimmed.range(of: "@weight", options: .backwards) else { return .none }
    let before = trimmed[..<at.lowerBound].trimmingWhitespace()
    guard before.hasSuffix(")") else { return .none }
    let column = code.distance(from: code.startIndex, to: at.lowerBound) + 1
    let number = trimmed[at.upperBound...].trimmingWhitespace()
    guard let value = Int(number), value >= 1, value <= maxWeight else {
      return .invalid(column: column, message: "@weight needs a whole number from 1 to \(maxWeight), found '\(number)'")
    }
    return .weight(code[..<at.lowerBound], value)
  }
}

extension Substring {
  func trimmingWhitespace() -> Substring {
    var s = self
    while s.first?.isWhitespace == true { s = s.dropFirst() }
    while s.last?.isWhitespace == true { s = s.dropLast() }
    return s
  }
}
