/// The lints' codes (`security.*`, `misconception.*`, `type.*`, `limit.*`): each `LintRule`
/// names its code from here.
extension DiagnosticCode {
  public static let limitDocumentLookups: DiagnosticCode = "limit.document-lookups"
  public static let limitHotDocument: DiagnosticCode = "limit.hot-document"
  public static let misconceptionFieldHiding: DiagnosticCode = "misconception.field-hiding"
  public static let misconceptionMatchNamesField: DiagnosticCode = "misconception.match-names-field"
  public static let misconceptionQueryProjection: DiagnosticCode = "misconception.query-projection"
  public static let misconceptionResourceOnCreate: DiagnosticCode = "misconception.resource-on-create"
  public static let securityOpenRead: DiagnosticCode = "security.open-read"
  public static let securityOpenWrite: DiagnosticCode = "security.open-write"
  public static let securityOverlappingAllow: DiagnosticCode = "security.overlapping-allow"
  public static let securityOwnerFieldInKeyList: DiagnosticCode = "security.owner-field-in-key-list"
  public static let securityRecursiveWrite: DiagnosticCode = "security.recursive-write"
  public static let securitySignedInOnlyWrite: DiagnosticCode = "security.signed-in-only-write"
  public static let securityTestModeExpiry: DiagnosticCode = "security.test-mode-expiry"
  public static let securityUnpinnedOwnershipField: DiagnosticCode = "security.unpinned-ownership-field"
  public static let securityUnvalidatedLookup: DiagnosticCode = "security.unvalidated-lookup"
  public static let securityUnvalidatedWrite: DiagnosticCode = "security.unvalidated-write"
  public static let typeConstantCondition: DiagnosticCode = "type.constant-condition"
  public static let typeImpossibleComparison: DiagnosticCode = "type.impossible-comparison"
  public static let typeInvalidArithmetic: DiagnosticCode = "type.invalid-arithmetic"
  public static let typeMissingMethod: DiagnosticCode = "type.missing-method"
  public static let typeNonBooleanCondition: DiagnosticCode = "type.non-boolean-condition"
  public static let typeRedundantAllow: DiagnosticCode = "type.redundant-allow"

  /// Every code in this catalog.
  public static let lintCodes: [DiagnosticCode] = [
    .limitDocumentLookups,
    .limitHotDocument,
    .misconceptionFieldHiding,
    .misconceptionMatchNamesField,
    .misconceptionQueryProjection,
    .misconceptionResourceOnCreate,
    .securityOpenRead,
    .securityOpenWrite,
    .securityOverlappingAllow,
    .securityOwnerFieldInKeyList,
    .securityRecursiveWrite,
    .securitySignedInOnlyWrite,
    .securityTestModeExpiry,
    .securityUnpinnedOwnershipField,
    .securityUnvalidatedLookup,
    .securityUnvalidatedWrite,
    .typeConstantCondition,
    .typeImpossibleComparison,
    .typeInvalidArithmetic,
    .typeMissingMethod,
    .typeNonBooleanCondition,
    .typeRedundantAllow,
  ]
}
