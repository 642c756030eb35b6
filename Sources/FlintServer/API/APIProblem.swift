import FirestoreModel

/// Why an API call cannot be answered with a report: the status says whose fault it is (400 the
/// body is not the JSON the call takes, 422 it is but names something invalid such as rules that
/// do not compile, 404 no such call), the message says what to change.
package struct APIProblem: Error, Sendable, Equatable {
  package var status: Int
  package var message: String
  /// More members for the JSON answer (the diagnostics of rules that do not compile).
  package var details: [(String, JSONValue)]

  package init(_ status: Int, _ message: String, details: [(String, JSONValue)] = []) {
    self.status = status
    self.message = message
    self.details = details
  }

  /// 400: the body is not what the call takes.
  package static func badRequest(_ message: String) -> APIProblem { APIProblem(400, message) }

  /// 422: the body is well formed but names something invalid.
  package static func invalid(_ message: String, details: [(String, JSONValue)] = []) -> APIProblem {
    APIProblem(422, message, details: details)
  }

  package static func == (a: APIProblem, b: APIProblem) -> Bool {
    a.status == b.status && a.message == b.message
      && a.details.map(\.0) == b.details.map(\.0) && a.details.map(\.1) == b.details.map(\.1)
  }
}
