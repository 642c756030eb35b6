import FirestoreModel
import RulesLanguage

/// Why a query is invalid: the first problem, with the exact message the SDK or the
/// backend would give (or Flint's own wording where neither is known), and the range of
/// the step that made the query invalid.
package struct QueryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Which layer rejects the query.
  package enum Layer: String, Hashable, Sendable {
    /// Flint could not evaluate the query (unbound variable, missing data).
    case flint
    /// The client SDK throws while the query is built (or run, for `limitToLast`).
    case sdk
    /// The backend answers INVALID_ARGUMENT / FAILED_PRECONDITION.
    case backend
  }

  package var layer: Layer
  /// Stable id, e.g. `sdk.conflicting-operators`.
  package var code: String
  package var message: String
  package var range: SourceRange
  /// For `unbound-variable`: the variable's dotted name (`auth.email`), so that each front end
  /// can say how to bind it in its own words.
  package var unboundVariable: String?

  package init(_ layer: Layer, _ code: String, _ message: String, at range: SourceRange) {
    self.layer = layer
    self.code = code
    self.message = message
    self.range = range
  }

  static func sdk(_ code: String, _ message: String, at range: SourceRange) -> QueryError {
    QueryError(.sdk, code, message, at: range)
  }

  static func backend(_ code: String, _ message: String, at range: SourceRange) -> QueryError {
    QueryError(.backend, code, message, at: range)
  }

  static func flint(_ code: String, _ message: String, at range: SourceRange) -> QueryError {
    QueryError(.flint, code, message, at: range)
  }

  /// `unbound-variable`: nothing binds `name` and the answer needs its value (`what`, when
  /// given, says what the value is for).
  package static func unbound(_ name: String, for what: String? = nil, at range: SourceRange) -> QueryError {
    let purpose = what.map { " (\($0))" } ?? ""
    var error = QueryError.flint("unbound-variable", "no value bound for '\(name)'\(purpose)", at: range)
    error.unboundVariable = name
    return error
  }

  /// The error as a diagnostic (`query.<layer>.<code>`), for the shared renderer.
  package var diagnostic: Diagnostic {
    .error(DiagnosticCode("query.\(layer.rawValue).\(code)"), message, at: range)
  }

  package var description: String { "\(layer.rawValue): \(message)" }
}

/// What validation and execution may consult beyond the query text.
package struct QueryContext: Sendable {
  /// Values for variables such as `auth.uid` (keys are dotted names; `request.auth...`
  /// also finds `auth...`, and a map value is walked by the remaining segments).
  package var bindings: [String: Value]
  /// Documents for `snapshot(...)` cursors.
  package var store: DocumentStore?
  /// When set, a variable or expression with no binding is an unknown value (standing in as the
  /// string `<name>`, a one-value list where a list is needed) instead of an error: validity,
  /// normalization and index needs do not depend on it. `QueryUnknowns` lists them.
  package var placeholdersForUnbound: Bool

  package init(bindings: [String: Value] = [:], store: DocumentStore? = nil, placeholdersForUnbound: Bool = false) {
    self.bindings = bindings
    self.store = store
    self.placeholdersForUnbound = placeholdersForUnbound
  }

  /// The value bound to a dotted variable, if any.
  package func lookup(_ segments: [String]) -> Value? {
    if let found = walk(segments) { return found }
    if segments.first == "request", segments.count > 1 { return walk(Array(segments.dropFirst())) }
    if segments.first == "auth", let found = walk(["request"] + segments) { return found }
    return nil
  }

  private func walk(_ segments: [String]) -> Value? {
    var prefixLength = segments.count
    while prefixLength > 0 {
      if var value = bindings[segments[0..<prefixLength].joined(separator: ".")] {
        for segment in segments[prefixLength...] {
          guard case .map(let entries) = value, let next = entries[segment] else { return nil }
          value = next
        }
        return value
      }
      prefixLength -= 1
    }
    return nil
  }
}
