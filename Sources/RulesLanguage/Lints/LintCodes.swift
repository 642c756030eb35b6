/// The lints' codes (`security.*`, `misconception.*`, `type.*`, `limit.*`): each `LintRule`
/// names its code from here.
extension DiagnosticCode {
  package static let limitDocumentLookups: DiagnosticCode = "limit.document-lookups"
  package static let limitHotDocument: DiagnosticCode = "limit.hot-document"
  package static let misconceptionListNeedsVersion2: DiagnosticCode = "misconception.list-needs-version-2"
  package static let misconceptionNamedDatabaseLookup: DiagnosticCode = "misconception.named-database-lookup"
  package static let misconceptionUploadStoredField: DiagnosticCode = "misconception.upload-stored-field"
  package static let misconceptionFieldHiding: DiagnosticCode = "misconception.field-hiding"
  package static let misconceptionMatchNamesField: DiagnosticCode = "misconception.match-names-field"
  package static let misconceptionQueryProjection: DiagnosticCode = "misconception.query-projection"
  package static let misconceptionResourceOnCreate: DiagnosticCode = "misconception.resource-on-create"
  package static let securityActiveContentType: DiagnosticCode = "security.active-content-type"
  package static let securityOpenRead: DiagnosticCode = "security.open-read"
  package static let securityOpenWrite: DiagnosticCode = "security.open-write"
  package static let securityOverlappingAllow: DiagnosticCode = "security.overlapping-allow"
  package static let securityOwnerFieldInKeyList: DiagnosticCode = "security.owner-field-in-key-list"
  package static let securityRecursiveWrite: DiagnosticCode = "security.recursive-write"
  package static let securitySignedInOnlyWrite: DiagnosticCode = "security.signed-in-only-write"
  package static let securityTestModeExpiry: DiagnosticCode = "security.test-mode-expiry"
  package static let securityUnboundedUpload: DiagnosticCode = "security.unbounded-upload"
  package static let securityUnpinnedOwnershipField: DiagnosticCode = "security.unpinned-ownership-field"
  package static let securityUnvalidatedLookup: DiagnosticCode = "security.unvalidated-lookup"
  package static let securityUnvalidatedWrite: DiagnosticCode = "security.unvalidated-write"
  package static let typeConstantCondition: DiagnosticCode = "type.constant-condition"
  package static let typeImpossibleComparison: DiagnosticCode = "type.impossible-comparison"
  package static let typeInvalidArithmetic: DiagnosticCode = "type.invalid-arithmetic"
  package static let typeMissingMethod: DiagnosticCode = "type.missing-method"
  package static let typeNonBooleanCondition: DiagnosticCode = "type.non-boolean-condition"
  package static let typeRedundantAllow: DiagnosticCode = "type.redundant-allow"

  /// Every code in this catalog.
  package static let lintCodes: [DiagnosticCode] = [
    .limitDocumentLookups,
    .limitHotDocument,
    .misconceptionFieldHiding,
    .misconceptionListNeedsVersion2,
    .misconceptionMatchNamesField,
    .misconceptionNamedDatabaseLookup,
    .misconceptionQueryProjection,
    .misconceptionResourceOnCreate,
    .misconceptionUploadStoredField,
    .securityActiveContentType,
    .securityOpenRead,
    .securityOpenWrite,
    .securityOverlappingAllow,
    .securityOwnerFieldInKeyList,
    .securityRecursiveWrite,
    .securitySignedInOnlyWrite,
    .securityTestModeExpiry,
    .securityUnboundedUpload,
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
