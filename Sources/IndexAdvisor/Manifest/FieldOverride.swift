import FirestoreModel

/// A `fieldOverrides` entry: the single-field index configuration of one field (or of every
/// field, `*`) of a collection group. It replaces the automatic configuration: exactly the
/// listed indexes exist (`indexes: []` exempts the field).
package struct FieldOverride: Hashable, Sendable, CustomStringConvertible {
  /// One single-field index the override keeps or adds.
  package struct Index: Hashable, Sendable, CustomStringConvertible {
    package var scope: IndexScope
    /// `.ascending`, `.descending` or `.contains`.
    package var mode: IndexFieldMode
    package var source: JSONObject?

    package init(_ mode: IndexFieldMode, _ scope: IndexScope, source: JSONObject? = nil) {
      self.mode = mode
      self.scope = scope
      self.source = source
    }

    package var description: String {
      scope == .collectionGroup ? "\(mode.shortName) collection group" : mode.shortName
    }

    var manifestJSON: JSONValue {
      if let source { return .object(source) }
      var object = JSONObject()
      let member = mode.manifestMember
      object[member.key] = member.value
      object["queryScope"] = .string(scope.rawValue)
      return .object(object)
    }

    /// Same index regardless of where it came from.
    func same(_ other: Index) -> Bool { mode == other.mode && scope == other.scope }
  }

  package var collectionGroup: String
  /// The field path as written (`*` for every field of the collection group).
  package var fieldPathText: String
  /// The parsed path; nil for `*`.
  package var fieldPath: FieldPath?
  package var ttl: Bool?
  package var indexes: [Index]
  package var source: JSONObject?

  package init(
    collectionGroup: String, fieldPath: FieldPath?, fieldPathText: String? = nil, ttl: Bool? = nil,
    indexes: [Index], source: JSONObject? = nil
  ) {
    self.collectionGroup = collectionGroup
    self.fieldPath = fieldPath
    self.fieldPathText = fieldPathText ?? fieldPath?.description ?? "*"
    self.ttl = ttl
    self.indexes = indexes
    self.source = source
  }

  /// The automatic configuration an override replaces: ASC, DESC and CONTAINS, collection scope.
  package static let automaticIndexes: [Index] = [
    Index(.ascending, .collection), Index(.descending, .collection), Index(.contains, .collection),
  ]

  /// Overrides are identified by collection group and field (as the CLI matches them).
  package var key: String { collectionGroup + "\u{0}" + fieldPathText }

  /// Whether two overrides configure their field alike: the same indexes in any order, the same TTL.
  package func sameConfiguration(as other: FieldOverride) -> Bool {
    ttl == other.ttl && indexes.count == other.indexes.count && indexes.allSatisfy(other.has)
      && other.indexes.allSatisfy(has)
  }

  /// Whether the override lists this index.
  package func has(_ index: Index) -> Bool { indexes.contains { $0.same(index) } }

  /// `posts.tags: ASC, DESC, CONTAINS collection group` (or `(no indexes)`).
  package var description: String {
    let list = indexes.isEmpty ? "(no indexes)" : indexes.map(\.description).joined(separator: ", ")
    return "\(collectionGroup).\(fieldPathText): \(list)\(ttl == true ? " TTL" : "")"
  }
}
