/// The global functions that read a document of the database (rules-language §4.19), the one
/// list the checks, type inference, lints, engine, query prover and solver consult.
///
/// Their cost: each distinct document a request reads, in one state (before the write for
/// `get`/`exists`, after it for `getAfter`/`existsAfter`), counts one against
/// `RulesLimits.lookupsPerRequest` and `RulesLimits.lookupsPerBatch`; a repeated lookup of it is
/// served from cache and not charged again (§6.8).
package enum LookupFunction: String, CaseIterable, Hashable, Sendable {
  case get, exists, getAfter, existsAfter

  /// Every lookup function's name.
  package static let names: Set<String> = Set(allCases.map(\.rawValue))

  /// Whether it reads the database as the request's write would leave it (only on writes).
  package var readsAfterWrite: Bool {
    switch self {
    case .get, .exists: false
    case .getAfter, .existsAfter: true
    }
  }

  /// Whether it returns the document (a `resource`), rather than whether one exists (a bool).
  package var returnsDocument: Bool {
    switch self {
    case .get, .getAfter: true
    case .exists, .existsAfter: false
    }
  }
}
