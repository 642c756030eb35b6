import FirestoreModel
import FlintKit
import RulesEngine

/// The members a request and a query share: `time` (RFC 3339, default the epoch, as `flint query`
/// without `--time`) and `auth` (null or absent: signed out; `{"uid", "token"}` as `--auth`).
enum RequestInputs {
  static func time(_ body: APIBody) throws(APIProblem) -> Timestamp {
    guard let text = try body.optionalString("time"), !text.isEmpty else { return Timestamp(seconds: 0) }
    do {
      return try Timestamp(rfc3339: text)
    } catch {
      throw .invalid("invalid time '\(text)': \(error.message)")
    }
  }

  static func auth(_ body: APIBody, time: Timestamp) throws(APIProblem) -> Auth? {
    guard let text = body.jsonText("auth") else { return nil }
    do {
      return try PlaygroundInput.auth(text, time: time)
    } catch {
      throw .invalid("invalid auth: \(error.description)")
    }
  }
}
