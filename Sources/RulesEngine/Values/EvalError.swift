/// An evaluation error: the `⊥` of the rules language.
///
/// Ordinary errors are values that `&&`/`||` may absorb. Limit breaches (too many
/// lookups, expression budget, call depth) are never absorbed and deny the whole
/// request.
package struct EvalError: Error, Hashable, Sendable, CustomStringConvertible {
  package enum Kind: Hashable, Sendable {
    case error
    case limit
  }

  package var kind: Kind
  /// The engine's message text, e.g. `Null value error.`
  package var message: String

  package init(_ message: String, kind: Kind = .error) {
    self.kind = kind
    self.message = message
  }

  package static func limit(_ message: String) -> EvalError { EvalError(message, kind: .limit) }

  package var description: String { message }
}
