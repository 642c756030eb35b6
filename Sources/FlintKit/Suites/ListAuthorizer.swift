import FirestoreModel
import Queries
import RulesEngine

/// What a `list` decision gets to work with.
public struct ListAuthorization: Sendable {
  /// The request (`request.query` already filled from the query's limit, offset, orderBy).
  public var request: Request
  /// The validated, normalized query; nil when the case named only a collection path.
  public var query: NormalizedQuery?
  /// The evaluator holding the suite's rules.
  public var evaluator: Evaluator
  /// The documents the case runs on.
  public var store: DocumentStore

  public init(request: Request, query: NormalizedQuery?, evaluator: Evaluator, store: DocumentStore) {
    self.request = request
    self.query = query
    self.evaluator = evaluator
    self.store = store
  }
}

/// Decides `list` requests: the single place where "rules are not filters" is applied, so a
/// query proof can replace the default without touching the runner.
public struct ListAuthorizer: Sendable {
  /// Decides one list request.
  public var authorize: @Sendable (ListAuthorization) -> Decision

  public init(_ authorize: @escaping @Sendable (ListAuthorization) -> Decision) {
    self.authorize = authorize
  }

  /// The evaluator's own list handling: a condition that needs the queried documents
  /// (`resource`, the document-id wildcard) does not grant, whatever the query's filters.
  public static let evaluator = ListAuthorizer { input in
    input.evaluator.evaluate(input.request, store: input.store)
  }
}
