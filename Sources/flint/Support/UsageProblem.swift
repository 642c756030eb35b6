import FlintKit

/// A problem that stops a command before it produces results: the one usage-error type.
/// Commands throw it; `FlintCommand.main` prints it once on stderr (`flint: <message>`) and exits with
/// `ExitStatus.usage`.
struct UsageProblem: Error, CustomStringConvertible {
  var message: String
  /// The text to print as is (diagnostics with their source lines carry their own prefixes).
  private var verbatim = false

  init(_ message: String) { self.message = message }

  /// A problem whose text is printed as is, without the `flint: ` prefix.
  init(printed text: String) {
    self.message = text
    self.verbatim = true
  }

  var description: String { verbatim ? message : "flint: \(message)" }
}

extension UsageProblem {
  /// A suite, data or rules file that cannot be used: an unreadable file as `flint: <reason>`,
  /// invalid JSON or rules with their own places (`file:line:col: ...`, diagnostics).
  init(_ error: SuiteError) {
    if case .unreadable(let message) = error {
      self.init(message)
    } else {
      self.init(printed: error.description)
    }
  }
}
