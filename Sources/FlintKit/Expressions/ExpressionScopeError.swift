import FirestoreModel
import RulesEngine

/// Why an expression cannot be placed in a ruleset's scopes.
package enum ExpressionScopeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `--at PATH` names a document no `match` block matches.
  case noMatch(ResourcePath)
  /// A called name is declared in several scopes and no `--at` picks one.
  case ambiguous(String, [FunctionSite])

  package var description: String {
    switch self {
    case .noMatch(let path):
      return "no match block matches /\(path) (the path is a document path such as /users/alice)"
    case .ambiguous(let name, let sites):
      let list = sites.map { "  \($0.description)" }.joined(separator: "\n")
      return "function '\(name)' is declared \(sites.count) times; give --at PATH to pick the scope:\n\(list)"
    }
  }
}
