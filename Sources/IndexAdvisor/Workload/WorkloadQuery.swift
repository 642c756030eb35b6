import FirestoreModel
import Queries

/// One query of a workload file: where it was written, how often it runs, and its normalized form.
package struct WorkloadQuery: Sendable {
  package var file: String
  package var line: Int
  /// The query text as written (without comment or weight).
  package var text: String
  /// How often it runs relative to the others (`@weight N`, default 1).
  package var weight: Int
  /// The most reads it may bill on the seed data (`@max-reads N`, `flint indexes --reads`).
  package var maxReads: Int?
  package var query: NormalizedQuery

  package init(file: String, line: Int, text: String, weight: Int = 1, maxReads: Int? = nil, query: NormalizedQuery) {
    self.file = file
    self.line = line
    self.text = text
    self.weight = weight
    self.maxReads = maxReads
    self.query = query
  }

  /// `queries.txt:12`
  package var place: String { "\(file):\(line)" }
}

/// A line of a workload file that is not a valid query.
package struct WorkloadProblem: Error, Hashable, Sendable, CustomStringConvertible {
  package var file: String
  package var line: Int
  package var column: Int
  package var message: String

  /// Whether the file is not UTF-8 text (its one problem; none of its lines were read).
  package var notText = false

  package init(file: String, line: Int, column: Int, message: String, notText: Bool = false) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
    self.notText = notText
  }

  /// `queries.txt:3:18: error: message`, the file name and message escaped (`VisibleText`):
  /// both may quote the user's bytes (`unexpected character '<U+0001>'`).
  package var description: String {
    let name = VisibleText.escaped(file, keepingTabs: false)
    return "\(name):\(line):\(column): error: \(VisibleText.escaped(message, keepingTabs: false))"
  }
}
