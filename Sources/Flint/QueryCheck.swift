import FlintKit
import IndexAdvisor

/// What `flint query` finds about one query: whether the SDK and the backend accept it, whether
/// the rules allow it, and the index it needs.
public struct QueryCheck: Sendable, CustomStringConvertible {
  /// Whether the client SDK and the backend accept the query.
  public let isValid: Bool
  /// Why the query is invalid: the SDK's exact message (or the backend's); for a valid query
  /// naming a value nothing binds (`where("owner", "==", who)`), that the rules proof needs it;
  /// else nil.
  public let error: String?
  /// Whether the rules allow the query (false when it is invalid or a value it names is unbound).
  public let allowed: Bool
  /// Query changes that would let the rules allow it, e.g. `add .where("owner", "==", auth.uid)`;
  /// empty when allowed or when none is known.
  public let suggestions: [String]
  /// The index the query needs; nil when the query is invalid.
  public let indexRequirement: IndexRequirement?
  /// The report `flint query` prints: validity, normalized order, the rules proof, the index.
  public let description: String

  /// What a query needs from indexes, and whether the manifest given serves it.
  public struct IndexRequirement: Sendable, Hashable {
    /// The kind of index, from the weakest to the strongest.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
      /// Key order only: no filter, no order but `__name__` ascending.
      case none
      /// One automatic single-field index.
      case singleField = "single-field"
      /// Equalities served by merging automatic single-field indexes.
      case merge
      /// A collection-group query served by single-field indexes that only `fieldOverrides` enable.
      case collectionGroupOverride = "collection-group-override"
      /// A composite index.
      case composite
    }

    /// The kind of index the query needs (the strongest of its branches).
    public let kind: Kind
    /// The composite indexes to create when none exists: `clubs (owner ASC, createdAt DESC, __name__ DESC)`.
    public let indexes: [String]
    /// The field overrides a collection-group query needs.
    public let fieldOverrides: [String]
    /// Whether the automatic indexes, or the manifest when one was given, serve the query.
    public let isServed: Bool
  }

  init(_ report: QueryReport) {
    isValid = report.isValid
    error = report.error
    // A query whose proof needs a value nothing binds is not allowed (`error` names the value).
    allowed = report.isValid && report.missingValue == nil && (report.proof?.allowed ?? true)
    suggestions = report.proof?.suggestions ?? []
    indexRequirement = report.index.map { serving in
      IndexRequirement(
        kind: IndexRequirement.Kind(rawValue: serving.requirement.kind.rawValue) ?? .composite,
        indexes: serving.requirement.indexes.map(\.description),
        fieldOverrides: serving.requirement.fieldOverrides.map(\.description), isServed: serving.isServed)
    }
    description = PlaygroundRenderer.text(report)
  }
}
