import RulesLanguage

/// The query DSL's codes (`query.*`), reported by `QueryLexer` and `QueryParser`. A query that
/// parses but is invalid reports `query.<layer>.<id>` (such as `query.sdk.conflicting-operators`),
/// built from its `QueryError`; those ids are not in this catalog.
extension DiagnosticCode {
  package static let queryArrayIndex: DiagnosticCode = "query.array-index"
  package static let queryBadDirection: DiagnosticCode = "query.bad-direction"
  package static let queryBadEscape: DiagnosticCode = "query.bad-escape"
  package static let queryBadGeopoint: DiagnosticCode = "query.bad-geopoint"
  package static let queryBadNumber: DiagnosticCode = "query.bad-number"
  package static let queryBadOperator: DiagnosticCode = "query.bad-operator"
  package static let queryEmpty: DiagnosticCode = "query.empty"
  package static let queryExpected: DiagnosticCode = "query.expected"
  package static let queryExpectedCollection: DiagnosticCode = "query.expected-collection"
  package static let queryExpectedField: DiagnosticCode = "query.expected-field"
  package static let queryExpectedSource: DiagnosticCode = "query.expected-source"
  package static let queryExpectedValue: DiagnosticCode = "query.expected-value"
  package static let queryIntegerOverflow: DiagnosticCode = "query.integer-overflow"
  package static let queryTooDeep: DiagnosticCode = "query.too-deep"
  package static let queryTrailing: DiagnosticCode = "query.trailing"
  package static let queryUnexpectedCharacter: DiagnosticCode = "query.unexpected-character"
  package static let queryUnknownFunction: DiagnosticCode = "query.unknown-function"
  package static let queryUnknownStep: DiagnosticCode = "query.unknown-step"
  package static let queryUnterminatedComment: DiagnosticCode = "query.unterminated-comment"
  package static let queryUnterminatedString: DiagnosticCode = "query.unterminated-string"

  /// Every code in this catalog (the rules front end's are `catalog`).
  package static let queryCatalog: [DiagnosticCode] = [
    .queryArrayIndex,
    .queryBadDirection,
    .queryBadEscape,
    .queryBadGeopoint,
    .queryBadNumber,
    .queryBadOperator,
    .queryEmpty,
    .queryExpected,
    .queryExpectedCollection,
    .queryExpectedField,
    .queryExpectedSource,
    .queryExpectedValue,
    .queryIntegerOverflow,
    .queryTooDeep,
    .queryTrailing,
    .queryUnexpectedCharacter,
    .queryUnknownFunction,
    .queryUnknownStep,
    .queryUnterminatedComment,
    .queryUnterminatedString,
  ]
}
