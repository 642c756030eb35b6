import FirestoreModel
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

  /// Whether the file is not UTF-8 text (its one problem; none of its lines were read).
  public var notText = false

  public init(file: String, line: Int, column: Int, message: String, notText: Bool = false) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
    self.notText = notText
  }

  /// `queries.txt:3:18: error: message`, the file name and message escaped (`VisibleText`):
  /// both may quote the user's bytes (`unexpected character '<U+0001>'`).
  public var description: String {
    let name = VisibleText.escaped(file, keepingTabs: false)
    return "\(name):\(line):\(column): error: \(VisibleText.escaped(message, keepingTabs: false))"
  }
}
