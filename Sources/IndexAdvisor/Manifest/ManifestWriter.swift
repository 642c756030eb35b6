import FirestoreModel

/// Writes a manifest as the Firebase CLI does (`JSON.stringify(spec, undefined, 2)`): entries
/// sorted as `firebase firestore:indexes` lists them, entries that came from a file written
/// back exactly as read (unknown keys in place), new entries in the canonical key order.
/// Writing is a fixed point: reading the output and writing it again gives the same text.
package enum ManifestWriter {
  package static func text(_ manifest: IndexManifest) -> String {
    let indexes = ManifestOrder.sorted(manifest.indexes).map(json)
    let overrides = manifest.fieldOverrides.sorted(by: ManifestOrder.precedes).map(json)
    var root = manifest.source ?? JSONObject()
    root["indexes"] = .array(indexes)
    if !overrides.isEmpty || root["fieldOverrides"] != nil || manifest.source == nil {
      root["fieldOverrides"] = .array(overrides)
    }
    return JSONValue.object(root).text(.pretty) + "\n"
  }

  /// The manifest form of one index (the source object when it was read from a file).
  package static func json(_ index: CompositeIndex) -> JSONValue {
    if let source = index.source { return .object(source) }
    var object = JSONObject()
    object["collectionGroup"] = .string(index.collectionGroup)
    object["queryScope"] = .string(index.scope.rawValue)
    object["fields"] = .array(index.fields.map(\.manifestJSON))
    return .object(object)
  }

  /// The manifest form of one override; its `indexes` always reflect the current list.
  package static func json(_ override: FieldOverride) -> JSONValue {
    var object = override.source ?? JSONObject()
    if override.source == nil {
      object["collectionGroup"] = .string(override.collectionGroup)
      object["fieldPath"] = .string(override.fieldPathText)
      if let ttl = override.ttl { object["ttl"] = .bool(ttl) }
    }
    object["indexes"] = .array(override.indexes.map(\.manifestJSON))
    return .object(object)
  }
}
