/// The parser's codes (`parse.*`); fixed messages are built in `ParseDiagnostics`, "expected X"
/// messages where they are reported.
extension DiagnosticCode {
  public static let parseAllowOutsideMatch: DiagnosticCode = "parse.allow-outside-match"
  public static let parseAssignmentInCondition: DiagnosticCode = "parse.assignment-in-condition"
  public static let parseDuplicateService: DiagnosticCode = "parse.duplicate-service"
  public static let parseEmptySlice: DiagnosticCode = "parse.empty-slice"
  public static let parseExpectedDeclaration: DiagnosticCode = "parse.expected-declaration"
  public static let parseExpectedExpression: DiagnosticCode = "parse.expected-expression"
  public static let parseExpectedIdentifier: DiagnosticCode = "parse.expected-identifier"
  public static let parseExpectedSemicolon: DiagnosticCode = "parse.expected-semicolon"
  public static let parseExpectedService: DiagnosticCode = "parse.expected-service"
  public static let parseExpectedStatement: DiagnosticCode = "parse.expected-statement"
  public static let parseExpectedToken: DiagnosticCode = "parse.expected-token"
  public static let parseExpectedType: DiagnosticCode = "parse.expected-type"
  public static let parseFloatOutOfRange: DiagnosticCode = "parse.float-out-of-range"
  public static let parseIntegerOutOfRange: DiagnosticCode = "parse.integer-out-of-range"
  public static let parseInvalidMatchPath: DiagnosticCode = "parse.invalid-match-path"
  public static let parseInvalidPathLiteral: DiagnosticCode = "parse.invalid-path-literal"
  public static let parseKeywordAsMember: DiagnosticCode = "parse.keyword-as-member"
  public static let parseMapKeyNotString: DiagnosticCode = "parse.map-key-not-string"
  public static let parseMissingIf: DiagnosticCode = "parse.missing-if"
  public static let parseMissingReturn: DiagnosticCode = "parse.missing-return"
  public static let parseNestingTooDeep: DiagnosticCode = "parse.nesting-too-deep"
  public static let parseNotCallable: DiagnosticCode = "parse.not-callable"
  public static let parsePathNeedsParentheses: DiagnosticCode = "parse.path-needs-parentheses"
  public static let parseSingleStarWildcard: DiagnosticCode = "parse.single-star-wildcard"
  public static let parseStatementAfterReturn: DiagnosticCode = "parse.statement-after-return"
  public static let parseTooManyErrors: DiagnosticCode = "parse.too-many-errors"
  public static let parseTrailingComma: DiagnosticCode = "parse.trailing-comma"
  public static let parseTrailingInput: DiagnosticCode = "parse.trailing-input"
  public static let parseTypeTestOperand: DiagnosticCode = "parse.type-test-operand"
  public static let parseUnclosedBlock: DiagnosticCode = "parse.unclosed-block"
  public static let parseUnexpectedRulesVersion: DiagnosticCode = "parse.unexpected-rules-version"
  public static let parseUnknownMethod: DiagnosticCode = "parse.unknown-method"

  /// Every code in this catalog.
  public static let parseCodes: [DiagnosticCode] = [
    .parseAllowOutsideMatch,
    .parseAssignmentInCondition,
    .parseDuplicateService,
    .parseEmptySlice,
    .parseExpectedDeclaration,
    .parseExpectedExpression,
    .parseExpectedIdentifier,
    .parseExpectedSemicolon,
    .parseExpectedService,
    .parseExpectedStatement,
    .parseExpectedToken,
    .parseExpectedType,
    .parseFloatOutOfRange,
    .parseIntegerOutOfRange,
    .parseInvalidMatchPath,
    .parseInvalidPathLiteral,
    .parseKeywordAsMember,
    .parseMapKeyNotString,
    .parseMissingIf,
    .parseMissingReturn,
    .parseNestingTooDeep,
    .parseNotCallable,
    .parsePathNeedsParentheses,
    .parseSingleStarWildcard,
    .parseStatementAfterReturn,
    .parseTooManyErrors,
    .parseTrailingComma,
    .parseTrailingInput,
    .parseTypeTestOperand,
    .parseUnclosedBlock,
    .parseUnexpectedRulesVersion,
    .parseUnknownMethod,
  ]
}
