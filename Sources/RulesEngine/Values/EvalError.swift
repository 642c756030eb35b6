/// An evaluation error: the `⊥` of the rules language.
///
/// Ordinary errors are values that `&&`/`||` may absorb. Limit breaches (too many
/// lookups, expression budget, call depth) are never absorbed and deny the whole
/// request.
public struct EvalError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    case error
    case limit
  }

  public var kind: Kind
  /// The engine's message text, e.g. `Null value error.`
  public var message: String

  public init(_ message: String, kind: Kind = .error) {
    self.kind = kind
    self.message = message
  }

  public static func limit(_ message: String) -> EvalError { EvalError(message, kind: .limit) }

  public var description: String { message }
}
