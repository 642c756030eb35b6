/// A JSON syntax error, or a fixture/suite error found while reading parsed JSON.
///
/// `description` names the place: `data.json:3:14: $.users/alice.age: expected an integer`.
/// Parse errors always carry a line and column; errors raised by typed access carry
/// only the path until `JSONSourceMap.locate(_:)` fills in the position.
package struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
  package var message: String
  /// 1-based line, when known.
  package var line: Int?
  /// 1-based column in characters (Unicode scalars), when known.
  package var column: Int?
  /// The UTF-8 byte offset into the input, when known.
  package var offset: Int?
  /// The JSON path of the value the error is about.
  package var path: JSONPath
  /// The file name shown first in `description`, when known.
  package var file: String?

  package init(
    _ message: String, path: JSONPath = .root, line: Int? = nil, column: Int? = nil, offset: Int? = nil,
    file: String? = nil
  ) {
    self.message = message
    self.path = path
    self.line = line
    self.column = column
    self.offset = offset
    self.file = file
  }

  /// `file:line:col: path: message`, leaving out the parts that are unknown. Control and
  /// bidirectional characters (from keys and values quoted in the message) are escaped.
  package var description: String {
    var place: [String] = []
    if let file { place.append(file) }
    if let line {
      place.append(String(line))
      if let column { place.append(String(column)) }
    }
    let prefix = place.isEmpty ? "" : place.joined(separator: ":") + ": "
    return VisibleText.escaped(prefix + path.description + ": " + message, keepingTabs: false)
  }

  /// The same error with a file name attached (kept if one is already set).
  package func inFile(_ name: String) -> JSONError {
    var copy = self
    if copy.file == nil { copy.file = name }
    return copy
  }
}
