import FirestoreModel

/// What an API call answers: an HTTP status and a JSON body (one line, newline-terminated).
/// Every answer, refusals included, is JSON, so the page reads one shape: a refusal is
/// `{"error": "message", ...details}`.
package struct APIResponse: Sendable, Equatable {
  package var status: Int
  package var body: String

  package init(status: Int, body: String) {
    self.status = status
    self.body = body
  }

  /// 200 with a report a FlintKit renderer wrote (already JSON text).
  package static func ok(_ json: String) -> APIResponse {
    APIResponse(status: 200, body: json.hasSuffix("\n") ? json : json + "\n")
  }

  /// 200 with a JSON value.
  package static func ok(_ json: JSONValue) -> APIResponse {
    APIResponse(status: 200, body: json.text(.spaced) + "\n")
  }

  /// A refusal: `{"error": message}` plus `details`' members.
  package static func problem(_ problem: APIProblem) -> APIResponse {
    var members: [(String, JSONValue)] = [("error", .string(problem.message))]
    members.append(contentsOf: problem.details)
    return APIResponse(status: problem.status, body: JSONValue.object(members).text(.spaced) + "\n")
  }
}
