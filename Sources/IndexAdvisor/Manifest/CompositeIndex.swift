import FirestoreModel

/// A composite index of `firestore.indexes.json` (an entry of `indexes`).
///
/// `fields` are as written (the trailing `__name__` may be present or implicit). Entries
/// read from a file keep their original JSON object in `source`, so that writing the
/// manifest back keeps unknown keys and other editions' settings (`apiScope`, `density`,
/// `multikey`) exactly where they were.
///
/// An index is immutable: the forms the advisor compares by (`servingFields`,
/// `cliNormalizedFields`, `comparisonKey`) are computed once, when it is made.
package struct CompositeIndex: Hashable, Sendable, CustomStringConvertible {
  package let collectionGroup: String
  package let scope: IndexScope
  package let fields: [IndexField]
  /// The JSON object read from the manifest; nil for an index Flint built.
  package let source: JSONObject?
  /// The fields with the implicit trailing `__name__` appended as the Firebase CLI does
  /// before comparing (firebase-tools `processIndex`): the direction of the last field that
  /// has an order, else ASCENDING; a trailing vector field stays after `__name__`.
  package let cliNormalizedFields: [IndexField]
  /// The fields the backend builds (Admin API: "added automatically with the same direction
  /// as that of the last field defined. If the final field in a composite index is not
  /// directional, the `__name__` will be ordered ASCENDING"). This is what serves queries.
  package let servingFields: [IndexField]
  /// Identity as the CLI compares indexes (`indexMatchesSpec`): collection group, scope, the
  /// Enterprise settings with their defaults, and the normalized fields.
  package let comparisonKey: ComparisonKey

  package init(collectionGroup: String, scope: IndexScope, fields: [IndexField], source: JSONObject? = nil) {
    self.collectionGroup = collectionGroup
    self.scope = scope
    self.fields = fields
    self.source = source
    cliNormalizedFields = Self.appendingKey(
      fields, direction: fields.last { $0.mode.isDirectional }?.mode ?? .ascending)
    let lastNonVector = fields.last { !Self.isVector($0.mode) }?.mode
    servingFields = Self.appendingKey(fields, direction: lastNonVector == .descending ? .descending : .ascending)
    comparisonKey = ComparisonKey(
      collectionGroup: collectionGroup, scope: scope, fields: cliNormalizedFields,
      apiScope: source?["apiScope"]?.stringValue ?? "ANY_API",
      density: source?["density"]?.stringValue ?? "SPARSE_ALL",
      multikey: source?["multikey"] == .bool(true))
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.comparisonKey == rhs.comparisonKey && lhs.fields == rhs.fields && lhs.source == rhs.source
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(comparisonKey)
  }

  /// What two indexes must share to be the same index.
  package struct ComparisonKey: Hashable, Sendable {
    var collectionGroup: String
    var scope: IndexScope
    var fields: [IndexField]
    var apiScope: String
    var density: String
    var multikey: Bool
  }

  /// Whether this is a Standard-edition index that can serve Flint's queries (Enterprise
  /// indexes with another API scope or density serve other APIs).
  var servesStandardQueries: Bool {
    let api = source?["apiScope"]?.stringValue ?? "ANY_API"
    return api == "ANY_API" && !fields.contains { Self.isVector($0.mode) }
  }

  /// `posts (author ASC, createdAt DESC, __name__ DESC)`, with the backend's full fields.
  package var description: String {
    let scopeText = scope == .collectionGroup ? " [collection group]" : ""
    return "\(collectionGroup)\(scopeText) (\(servingFields.map(\.description).joined(separator: ", ")))"
  }

  private static func isVector(_ mode: IndexFieldMode) -> Bool {
    if case .vector = mode { return true }
    return false
  }

  /// `fields` with `__name__` in `direction` before any trailing vector field, unless the
  /// last non-vector field already is `__name__`.
  private static func appendingKey(_ fields: [IndexField], direction: IndexFieldMode) -> [IndexField] {
    var head = fields
    var vectors: [IndexField] = []
    while let last = head.last, isVector(last.mode) {
      vectors.insert(last, at: 0)
      head.removeLast()
    }
    if head.last?.isKey != true { head.append(.key(direction)) }
    return head + vectors
  }
}
