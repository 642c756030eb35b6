/// The semantic checks' codes (`check.*`), reported by `RulesCompiler` and `flint check`.
extension DiagnosticCode {
  public static let checkDuplicateFunction: DiagnosticCode = "check.duplicate-function"
  public static let checkDuplicateParameter: DiagnosticCode = "check.duplicate-parameter"
  public static let checkDuplicateVariable: DiagnosticCode = "check.duplicate-variable"
  public static let checkDuplicateWildcard: DiagnosticCode = "check.duplicate-wildcard"
  public static let checkEmptyMatch: DiagnosticCode = "check.empty-match"
  public static let checkEmulatorOnlyFunction: DiagnosticCode = "check.emulator-only-function"
  public static let checkGlobChild: DiagnosticCode = "check.glob-child"
  public static let checkGlobNotLast: DiagnosticCode = "check.glob-not-last"
  public static let checkInvalidRulesVersion: DiagnosticCode = "check.invalid-rules-version"
  public static let checkLetRequiresV2: DiagnosticCode = "check.let-requires-v2"
  public static let checkMatchTooDeep: DiagnosticCode = "check.match-too-deep"
  public static let checkMethodArity: DiagnosticCode = "check.method-arity"
  public static let checkMultipleGlobs: DiagnosticCode = "check.multiple-globs"
  public static let checkRecursion: DiagnosticCode = "check.recursion"
  public static let checkSourceTooLarge: DiagnosticCode = "check.source-too-large"
  public static let checkStorageNotChecked: DiagnosticCode = "check.storage-not-checked"
  public static let checkTooManyCaptures: DiagnosticCode = "check.too-many-captures"
  public static let checkTooManyLets: DiagnosticCode = "check.too-many-lets"
  public static let checkTooManyParameters: DiagnosticCode = "check.too-many-parameters"
  public static let checkTooManySegments: DiagnosticCode = "check.too-many-segments"
  public static let checkUndefinedFunction: DiagnosticCode = "check.undefined-function"
  public static let checkUndefinedVariable: DiagnosticCode = "check.undefined-variable"
  public static let checkUnknownMethod: DiagnosticCode = "check.unknown-method"
  public static let checkUnknownNamespaceMember: DiagnosticCode = "check.unknown-namespace-member"
  public static let checkUnknownType: DiagnosticCode = "check.unknown-type"
  public static let checkUnsupportedFunction: DiagnosticCode = "check.unsupported-function"
  public static let checkUnsupportedService: DiagnosticCode = "check.unsupported-service"
  public static let checkUnusedFunction: DiagnosticCode = "check.unused-function"
  public static let checkUnusedVariable: DiagnosticCode = "check.unused-variable"
  public static let checkWrongArity: DiagnosticCode = "check.wrong-arity"

  /// Every code in this catalog.
  public static let checkCodes: [DiagnosticCode] = [
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
    .checkStorageNotChecked,
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
