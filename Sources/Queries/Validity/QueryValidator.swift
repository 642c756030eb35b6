import FirestoreModel
import RulesLanguage

/// Validity in two layers: the SDK's checks in step order (query-semantics §2A), then the backend's
/// (query-semantics §2B). The first problem wins.
package enum QueryValidator {
  /// The query as the SDK would build it, or the first error.
  package static func validate(_ query: Query, context: QueryContext = QueryContext()) throws(QueryError)
    -> ResolvedQuery
  {
    try validateKeepingFacts(query, context: context).query
  }

  /// `validate`, also handing back what the backend checks derived (for normalization).
  static func validateKeepingFacts(_ query: Query, context: QueryContext) throws(QueryError) -> (
    query: ResolvedQuery, facts: QueryFacts
  ) {
    var sdk = try SDKValidator(query, context: context)
    let resolved = try sdk.run()
    var facts = QueryFacts(resolved)
    try BackendValidator.validate(resolved, facts: &facts)
    return (resolved, facts)
  }

}

/// Parse, validate, normalize and run in one place: the API the CLI, the REPL and
/// `flint test` call.
package enum QueryPipeline {
  /// The outcome of preparing query text.
  package struct Prepared: Sendable {
    /// The parsed query, when the text could be read.
    package var query: Query?
    /// Syntax diagnostics (parse errors stop the pipeline).
    package var diagnostics: [Diagnostic]
    /// The first validity error, if the query parsed.
    package var error: QueryError?
    /// The normalized query, when valid.
    package var normalized: NormalizedQuery?
  }

  /// Parses, validates and normalizes.
  package static func prepare(_ source: SourceFile, context: QueryContext = QueryContext()) -> Prepared {
    let parsed = QueryParser.parse(source)
    guard let query = parsed.query, !parsed.hasErrors else {
      return Prepared(query: parsed.query, diagnostics: parsed.diagnostics, error: nil, normalized: nil)
    }
    do {
      let validated = try QueryValidator.validateKeepingFacts(query, context: context)
      var facts = validated.facts
      var normalized = QueryNormalizer.normalize(validated.query, facts: &facts)
      if context.placeholdersForUnbound { normalized.unknownValues = QueryUnknowns.find(in: query, context: context) }
      return Prepared(query: query, diagnostics: parsed.diagnostics, error: nil, normalized: normalized)
    } catch {
      return Prepared(query: query, diagnostics: parsed.diagnostics, error: error, normalized: nil)
    }
  }

  /// Every problem as diagnostics: syntax errors, or the validity error.
  package static func diagnostics(of prepared: Prepared) -> [Diagnostic] {
    prepared.diagnostics + (prepared.error.map { [$0.diagnostic] } ?? [])
  }
}
