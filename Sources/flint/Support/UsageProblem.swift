/// A problem that stops a command before it produces results; printed as `flint: <message>`.
struct UsageProblem: Error, CustomStringConvertible {
  var message: String

  init(_ message: String) { self.message = message }

  var description: String { "flint: \(message)" }
}
