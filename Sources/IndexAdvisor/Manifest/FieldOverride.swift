import FirestoreModel

/// A `fieldOverrides` entry: the single-field index configuration of one field (or of every
/// field, `*`) of a collection group. It replaces the automatic configuration: exactly the
/// listed indexes exist (`indexes: []` exempts the field).
public struct FieldOverride: Hashable, Sendable, CustomStringConvertible {
  /// One single-field index the override keeps or adds.
  public struct Index: Hashable, Sendable, CustomStringConvertible {
    public var scope: IndexScope
    /// `.ascending`, `.descending` or `.contains`.
    public var mode: IndexFieldMode
    public var source: JSONObject?

    public init(_ mode: IndexFieldMode, _ scope: IndexScope, source: JSONObject? = nil) {
      self.mode = mode
      self.scope = scope
      self.source = source
    }

    public var description: String {
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

  public var collectionGroup: String
  /// The field path as written (`*` for every field of the collection group).
  public var fieldPathText: String
  /// The parsed path; nil for `*`.
  public var fieldPath: FieldPath?
  public var ttl: Bool?
  public var indexes: [Index]
  public var source: JSONObject?

  public init(
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
  public static let automaticIndexes: [Index] = [
    Index(.ascending, .collection), Index(.descending, .collection), Index(.contains, .collection),
  ]

  /// Overrides are identified by collection group and field (as the CLI matches them).
  public var key: String { collectionGroup + "\u{0}" + fieldPathText }

  /// Whether two overrides configure their field alike: the same indexes in any order, the same TTL.
  public func sameConfiguration(as other: FieldOverride) -> Bool {
    ttl == other.ttl && indexes.count == other.indexes.count && indexes.allSatisfy(other.has)
      && other.indexes.allSatisfy(has)
  }

  /// Whether the override lists this index.
  public func has(_ index: Index) -> Bool { indexes.contains { $0.same(index) } }

  /// `posts.tags: ASC, DESC, CONTAINS collection group` (or `(no indexes)`).
  public var description: String {
    let list = indexes.isEmpty ? "(no indexes)" : indexes.map(\.description).joined(separator: ", ")
    return "\(collectionGroup).\(fieldPathText): \(list)\(ttl == true ? " TTL" : "")"
  }
}
