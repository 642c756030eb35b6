/// The parser's codes (`parse.*`); fixed messages are built in `ParseDiagnostics`, "expected X"
/// messages where they are reported.
extension DiagnosticCode {
  package static let parseAllowOutsideMatch: DiagnosticCode = "parse.allow-outside-match"
  package static let parseAssignmentInCondition: DiagnosticCode = "parse.assignment-in-condition"
  package static let parseDuplicateService: DiagnosticCode = "parse.duplicate-service"
  package static let parseEmptySlice: DiagnosticCode = "parse.empty-slice"
  package static let parseExpectedDeclaration: DiagnosticCode = "parse.expected-declaration"
  package static let parseExpectedExpression: DiagnosticCode = "parse.expected-expression"
  package static let parseExpectedIdentifier: DiagnosticCode = "parse.expected-identifier"
  package static let parseExpectedSemicolon: DiagnosticCode = "parse.expected-semicolon"
  package static let parseExpectedService: DiagnosticCode = "parse.expected-service"
  package static let parseExpectedStatement: DiagnosticCode = "parse.expected-statement"
  package static let parseExpectedToken: DiagnosticCode = "parse.expected-token"
  package static let parseExpectedType: DiagnosticCode = "parse.expected-type"
  package static let parseFloatOutOfRange: DiagnosticCode = "parse.float-out-of-range"
  package static let parseGluedWildcard: DiagnosticCode = "parse.glued-wildcard"
  package static let parseIntegerOutOfRange: DiagnosticCode = "parse.integer-out-of-range"
  package static let parseInvalidMatchPath: DiagnosticCode = "parse.invalid-match-path"
  package static let parseInvalidPathLiteral: DiagnosticCode = "parse.invalid-path-literal"
  package static let parseKeywordAsMember: DiagnosticCode = "parse.keyword-as-member"
  package static let parseMapKeyNotString: DiagnosticCode = "parse.map-key-not-string"
  package static let parseMissingIf: DiagnosticCode = "parse.missing-if"
  package static let parseMissingReturn: DiagnosticCode = "parse.missing-return"
  package static let parseNestingTooDeep: DiagnosticCode = "parse.nesting-too-deep"
  package static let parseNotCallable: DiagnosticCode = "parse.not-callable"
  package static let parsePathNeedsParentheses: DiagnosticCode = "parse.path-needs-parentheses"
  package static let parseSingleStarWildcard: DiagnosticCode = "parse.single-star-wildcard"
  package static let parseStatementAfterReturn: DiagnosticCode = "parse.statement-after-return"
  package static let parseTooManyErrors: DiagnosticCode = "parse.too-many-errors"
  package static let parseTrailingComma: DiagnosticCode = "parse.trailing-comma"
  package static let parseTrailingInput: DiagnosticCode = "parse.trailing-input"
  package static let parseTypeTestOperand: DiagnosticCode = "parse.type-test-operand"
  package static let parseUnclosedBlock: DiagnosticCode = "parse.unclosed-block"
  package static let parseUnexpectedRulesVersion: DiagnosticCode = "parse.unexpected-rules-version"
  package static let parseUnknownMethod: DiagnosticCode = "parse.unknown-method"

  /// Every code in this catalog.
  package static let parseCodes: [DiagnosticCode] = [
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
    .parseGluedWildcard,
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
