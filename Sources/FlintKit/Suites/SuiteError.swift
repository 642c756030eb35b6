import FirestoreModel
import RulesLanguage

/// Why a suite could not be loaded (the `flint test` exit status 2).
package enum SuiteError: Error, Sendable, CustomStringConvertible {
  /// The suite or a data file is invalid: `suite.json:4:7: $.cases[2].request.method: reason`.
  case invalid(JSONError)
  /// Several independent problems in one suite, each located, in file order.
  case invalidCases([JSONError])
  /// A file could not be read: `cannot read 'x.rules': No such file or directory`.
  case unreadable(String)
  /// The rules file has errors; the diagnostics include any warnings.
  case rules(source: SourceFile, diagnostics: [Diagnostic])

  /// The message, ready to print (rules diagnostics with source lines and carets).
  package var description: String {
    switch self {
    case .invalid(let error): error.description
    case .invalidCases(let errors): errors.map(\.description).joined(separator: "\n")
    case .unreadable(let message): message
    case .rules(let source, let diagnostics): DiagnosticRenderer.text(diagnostics, in: source)
    }
  }
}
