import FirestoreModel
import Queries
import RulesEngine

/// One alternative of a denied query's suggested fix, made concrete: the steps it adds, the
/// whole query with them (DSL text), and whether the rules allow that query (proved again, not
/// assumed: a fix proves one allow's obstacles, which may not be all the query meets).
package struct QueryFix: Sendable, Equatable {
  /// The DSL steps added together (`.where("visibility", "==", "public")`).
  package var additions: [String]
  /// The query with them, or nil when they cannot be written into it.
  package var query: String?
  /// Whether the rules allow `query` (false when it is nil, invalid or still denied).
  package var allowed: Bool

  package init(additions: [String], query: String?, allowed: Bool) {
    self.additions = additions
    self.query = query
    self.allowed = allowed
  }

  /// `{"add": [step], "query": text | null, "allowed": bool}`.
  package var json: JSONValue {
    .object([
      ("add", .array(additions.map(JSONValue.string))),
      ("query", query.map(JSONValue.string) ?? .null),
      ("allowed", .bool(allowed)),
    ])
  }
}

extension QueryPlayground {
  /// The fixes of a query `run` denied, each rewritten into the query and proved again for the
  /// same user (at most `ProofFixes`' eight alternatives, so at most eight more proofs); none
  /// when the query was allowed, not proved, or has no suggestion.
  package func fixes(
    for report: QueryReport, auth: Auth?, time: Timestamp = Timestamp(seconds: 0), variables: [String: Value] = [:]
  ) -> [QueryFix] {
    guard let proof = report.proof, !proof.allowed else { return [] }
    var checking = self
    checking.explain = .off
    return proof.fixes.map { additions in
      guard let text = QueryRewrite.applying(additions, to: report.source.text) else {
        return QueryFix(additions: additions, query: nil, allowed: false)
      }
      let rerun = checking.run(text, auth: auth, time: time, variables: variables)
      return QueryFix(additions: additions, query: text, allowed: rerun.isValid && rerun.proof?.allowed == true)
    }
  }
}
