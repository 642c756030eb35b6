import FirestoreModel
import RulesLanguage

extension SuiteError {
  /// Each problem as `{"file", "line", "column", "path", "message"}` (the parts that are
  /// known), for `flint test --format json`; rules diagnostics as `{"file", "line",
  /// "column", "severity", "code", "message"}`.
  package var jsonEntries: [JSONValue] {
    switch self {
    case .invalid(let error): [Self.entry(error)]
    case .invalidCases(let errors): errors.map(Self.entry)
    case .unreadable(let message): [.object([("message", .string(message))])]
    case .rules(let source, let diagnostics):
      diagnostics.map { diagnostic in
        let location = source.location(of: diagnostic.range.start)
        return .object([
          ("file", .string(source.name)), ("line", .int(location.line)), ("column", .int(location.column)),
          ("severity", .string(diagnostic.severity.rawValue)), ("code", .string(diagnostic.code.rawValue)),
          ("message", .string(diagnostic.message)),
        ])
      }
    }
  }

  static func entry(_ error: JSONError) -> JSONValue {
    var members: [(String, JSONValue)] = []
    if let file = error.file { members.append(("file", .string(file))) }
    if let line = error.line { members.append(("line", .int(line))) }
    if let column = error.column { members.append(("column", .int(column))) }
    members.append(("path", .string(error.path.description)))
    members.append(("message", .string(error.message)))
    return .object(members)
  }
}
