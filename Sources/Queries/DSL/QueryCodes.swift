import RulesLanguage

/// The query DSL's codes (`query.*`), reported by `QueryLexer` and `QueryParser`. A query that
/// parses but is invalid reports `query.<layer>.<id>` (such as `query.sdk.conflicting-operators`),
/// built from its `QueryError`; those ids are not in this catalog.
extension DiagnosticCode {
  public static let queryArrayIndex: DiagnosticCode = "query.array-index"
  public static let queryBadDirection: DiagnosticCode = "query.bad-direction"
  public static let queryBadEscape: DiagnosticCode = "query.bad-escape"
  public static let queryBadGeopoint: DiagnosticCode = "query.bad-geopoint"
  public static let queryBadNumber: DiagnosticCode = "query.bad-number"
  public static let queryBadOperator: DiagnosticCode = "query.bad-operator"
  public static let queryEmpty: DiagnosticCode = "query.empty"
  public static let queryExpected: DiagnosticCode = "query.expected"
  public static let queryExpectedCollection: DiagnosticCode = "query.expected-collection"
  public static let queryExpectedField: DiagnosticCode = "query.expected-field"
  public static let queryExpectedSource: DiagnosticCode = "query.expected-source"
  public static let queryExpectedValue: DiagnosticCode = "query.expected-value"
  public static let queryIntegerOverflow: DiagnosticCode = "query.integer-overflow"
  public static let queryTooDeep: DiagnosticCode = "query.too-deep"
  public static let queryTrailing: DiagnosticCode = "query.trailing"
  public static let queryUnexpectedCharacter: DiagnosticCode = "query.unexpected-character"
  public static let queryUnknownFunction: DiagnosticCode = "query.unknown-function"
  public static let queryUnknownStep: DiagnosticCode = "query.unknown-step"
  public static let queryUnterminatedComment: DiagnosticCode = "query.unterminated-comment"
  public static let queryUnterminatedString: DiagnosticCode = "query.unterminated-string"

  /// Every code in this catalog (the rules front end's are `catalog`).
  public static let queryCatalog: [DiagnosticCode] = [
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
