import Queries

/// One query of a workload file: where it was written, how often it runs, and its normalized form.
public struct WorkloadQuery: Sendable {
  public var file: String
  public var line: Int
  /// The query text as written (without comment or weight).
  public var text: String
  /// How often it runs relative to the others (`@weight N`, default 1).
  public var weight: Int
  public var query: NormalizedQuery

  public init(file: String, line: Int, text: String, weight: Int = 1, query: NormalizedQuery) {
    self.file = file
    self.line = line
    self.text = text
    self.weight = weight
    self.query = query
  }

  /// `queries.txt:12`
  public var place: String { "\(file):\(line)" }
}

/// A line of a workload file that is not a valid query.
public struct WorkloadProblem: Error, Hashable, Sendable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var column: Int
  public var message: String

  /// `queries.txt:3:18: error: message`
  public var description: String { "\(file):\(line):\(column): error: \(message)" }
}
