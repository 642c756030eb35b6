import FirestoreModel

/// The single-field indexes that exist for each field of a manifest's database: the
/// automatic ones (ASC, DESC, CONTAINS; collection scope only) unless a field override
/// replaces them. An override on a map field applies to its subfields unless they have their
/// own, and `*` applies to every field of its collection group (query-semantics §6.4).
struct SingleFieldConfig {
  /// Overrides by collection group, then by field path text.
  private var overrides: [String: [String: FieldOverride]] = [:]

  /// A second override of the same field in the manifest (a duplicate the reader warned
  /// about) keeps only the indexes both list: which one `firebase deploy` patches last is not
  /// certain, so an index counts only if it exists either way.
  init(_ manifest: IndexManifest) {
    for override in manifest.fieldOverrides {
      var effective = override
      if let earlier = overrides[override.collectionGroup]?[override.fieldPathText] {
        effective = earlier
        effective.indexes.removeAll { !override.has($0) }
      }
      set(effective)
    }
  }

  /// Adds or replaces the override of its collection group and field.
  mutating func set(_ override: FieldOverride) {
    overrides[override.collectionGroup, default: [:]][override.fieldPathText] = override
  }

  /// The single-field indexes of `field`, and the override they come from (nil: automatic).
  func indexes(_ group: String, _ field: FieldPath) -> (indexes: [FieldOverride.Index], override: FieldOverride?) {
    guard let byField = overrides[group] else { return (FieldOverride.automaticIndexes, nil) }
    var segments = field.segments
    while !segments.isEmpty {
      if let override = byField[FieldPath(segments).description] { return (override.indexes, override) }
      segments.removeLast()
    }
    if let all = byField["*"] { return (all.indexes, all) }
    return (FieldOverride.automaticIndexes, nil)
  }

  /// Whether the single-field index exists; with the override that provides or removes it.
  func has(_ group: String, _ field: FieldPath, _ mode: IndexFieldMode, _ scope: IndexScope)
    -> (exists: Bool, override: FieldOverride?)
  {
    let (indexes, override) = indexes(group, field)
    return (indexes.contains { $0.mode == mode && $0.scope == scope }, override)
  }

  /// The override to write so that the index exists: the field's own override with the index
  /// added, or a new override for the field that keeps what it inherited and adds the index.
  func enabling(_ group: String, _ field: FieldPath, _ mode: IndexFieldMode, _ scope: IndexScope) -> FieldOverride {
    let needed = FieldOverride.Index(mode, scope)
    let (inherited, override) = indexes(group, field)
    if var own = override, own.fieldPath == field {
      own.indexes.append(needed)
      return own
    }
    return FieldOverride(
      collectionGroup: group, fieldPath: field,
      indexes: inherited.map { FieldOverride.Index($0.mode, $0.scope) } + [needed])
  }
}
