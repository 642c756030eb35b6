/// The per-request limits of the rules engine (rules-language §6.8), the one copy the checks,
/// lints, engine and solver read. Breaching one denies the whole request.
package enum RulesLimits {
  /// Nested user-function calls.
  package static let callDepth = 20
  /// Distinct documents looked up (`LookupFunction`) per request.
  package static let lookupsPerRequest = 10
  /// Distinct Cloud Firestore documents Cloud Storage rules may read (`firestore.get`,
  /// `firestore.exists`) per request: two (Docs/rules-semantics.md, "Cloud Storage").
  package static let storageLookupsPerRequest = 2
  /// Distinct documents looked up across a batch or transaction.
  package static let lookupsPerBatch = 20
  /// Expression evaluations per request; every node evaluated counts one.
  package static let expressions = 1_000
}
