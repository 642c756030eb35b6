import ArgumentParser
import FirestoreModel
import FlintKit
import RulesEngine

/// Who asks, when, and with which query values: `--auth`, `--time` and `--var` (shared by
/// `flint query` and `flint repl`).
struct RequestOptions: ParsableArguments {
  @Option(name: .long, help: "The signed-in user: {\"uid\": \"alice\", \"token\": {...}} or null.")
  var auth: String = "null"

  @Option(name: .long, help: "request.time as RFC 3339 (default 1970-01-01T00:00:00Z).")
  var time: String?

  @Option(
    name: .customLong("var"),
    help: "A value for a name the query uses (orgId=acme); VALUE is JSON, or else a string. Repeatable.")
  var variables: [String] = []

  /// The `--var` bindings (`request.time` read for tagged timestamps such as `{"__time__": "now"}`).
  func bindings(at time: Timestamp) throws(UsageProblem) -> [String: Value] {
    try Self.bindings(variables, at: time)
  }

  /// `--var NAME=VALUE` options as bindings (also `flint indexes --reads --var`).
  static func bindings(_ variables: [String], at time: Timestamp) throws(UsageProblem) -> [String: Value] {
    var bound: [String: Value] = [:]
    for variable in variables {
      do {
        let (name, value) = try PlaygroundInput.variable(variable, time: time)
        bound[name] = value
      } catch {
        throw UsageProblem("invalid --var: \(error.description)")
      }
    }
    return bound
  }

  /// `request.time`: `--time`, else the epoch.
  func requestTime() throws(UsageProblem) -> Timestamp {
    guard let time else { return Timestamp(seconds: 0) }
    do {
      return try Timestamp(rfc3339: time)
    } catch {
      throw UsageProblem("invalid --time '\(time)': \(error.message)")
    }
  }

  /// The signed-in user (nil: signed out), its token times read against `time`.
  func user(at time: Timestamp) throws(UsageProblem) -> Auth? {
    try Self.user(auth, at: time)
  }

  /// An `--auth` JSON text as the user (nil: signed out; also `flint indexes --reads --auth`).
  static func user(_ auth: String, at time: Timestamp) throws(UsageProblem) -> Auth? {
    do {
      return try PlaygroundInput.auth(auth, time: time)
    } catch {
      throw UsageProblem("invalid --auth: \(error.description)")
    }
  }
}
