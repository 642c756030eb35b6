/// The semantic checks' codes (`check.*`), reported by `RulesCompiler` and `flint check`.
extension DiagnosticCode {
  package static let checkDuplicateFunction: DiagnosticCode = "check.duplicate-function"
  package static let checkDuplicateParameter: DiagnosticCode = "check.duplicate-parameter"
  package static let checkDuplicateVariable: DiagnosticCode = "check.duplicate-variable"
  package static let checkDuplicateWildcard: DiagnosticCode = "check.duplicate-wildcard"
  package static let checkEmptyMatch: DiagnosticCode = "check.empty-match"
  package static let checkEmulatorOnlyFunction: DiagnosticCode = "check.emulator-only-function"
  package static let checkGlobChild: DiagnosticCode = "check.glob-child"
  package static let checkGlobNotLast: DiagnosticCode = "check.glob-not-last"
  package static let checkInvalidRulesVersion: DiagnosticCode = "check.invalid-rules-version"
  package static let checkLetRequiresV2: DiagnosticCode = "check.let-requires-v2"
  package static let checkMatchTooDeep: DiagnosticCode = "check.match-too-deep"
  package static let checkMethodArity: DiagnosticCode = "check.method-arity"
  package static let checkMultipleGlobs: DiagnosticCode = "check.multiple-globs"
  package static let checkRecursion: DiagnosticCode = "check.recursion"
  package static let checkSourceTooLarge: DiagnosticCode = "check.source-too-large"
  package static let checkTooManyCaptures: DiagnosticCode = "check.too-many-captures"
  package static let checkTooManyLets: DiagnosticCode = "check.too-many-lets"
  package static let checkTooManyParameters: DiagnosticCode = "check.too-many-parameters"
  package static let checkTooManySegments: DiagnosticCode = "check.too-many-segments"
  package static let checkUndefinedFunction: DiagnosticCode = "check.undefined-function"
  package static let checkUndefinedVariable: DiagnosticCode = "check.undefined-variable"
  package static let checkUnknownMethod: DiagnosticCode = "check.unknown-method"
  package static let checkUnknownNamespaceMember: DiagnosticCode = "check.unknown-namespace-member"
  package static let checkUnknownType: DiagnosticCode = "check.unknown-type"
  package static let checkUnsupportedFunction: DiagnosticCode = "check.unsupported-function"
  package static let checkUnsupportedService: DiagnosticCode = "check.unsupported-service"
  package static let checkUnusedFunction: DiagnosticCode = "check.unused-function"
  package static let checkUnusedVariable: DiagnosticCode = "check.unused-variable"
  package static let checkWrongArity: DiagnosticCode = "check.wrong-arity"

  /// Every code in this catalog.
  package static let checkCodes: [DiagnosticCode] = [
    .checkDuplicateFunction,
    .checkDuplicateParameter,
    .checkDuplicateVariable,
    .checkDuplicateWildcard,
    .checkEmptyMatch,
    .checkEmulatorOnlyFunction,
    .checkGlobChild,
    .checkGlobNotLast,
    .checkInvalidRulesVersion,
    .checkLetRequiresV2,
    .checkMatchTooDeep,
    .checkMethodArity,
    .checkMultipleGlobs,
    .checkRecursion,
    .checkSourceTooLarge,
    .checkTooManyCaptures,
    .checkTooManyLets,
    .checkTooManyParameters,
    .checkTooManySegments,
    .checkUndefinedFunction,
    .checkUndefinedVariable,
    .checkUnknownMethod,
    .checkUnknownNamespaceMember,
    .checkUnknownType,
    .checkUnsupportedFunction,
    .checkUnsupportedService,
    .checkUnusedFunction,
    .checkUnusedVariable,
    .checkWrongArity,
  ]
}
