/// The order the Firebase CLI lists indexes and overrides in (firebase-tools api-sort.ts),
/// so that Flint's output reads like `firebase firestore:indexes` and is deterministic.
/// Strings compare by UTF-8 bytes (the CLI's `localeCompare` depends on the machine's locale).
enum ManifestOrder {
  static func precedes(_ a: CompositeIndex, _ b: CompositeIndex) -> Bool {
    if a.collectionGroup != b.collectionGroup { return bytes(a.collectionGroup, b.collectionGroup) }
    if a.scope != b.scope { return a.scope < b.scope }
    let (fa, fb) = (a.fields, b.fields)
    for (x, y) in zip(fa, fb) where x != y {
      return fieldPrecedes(x, y)
    }
    if fa.count != fb.count { return fa.count < fb.count }
    let settings = ["apiScope", "density", "multikey"].map { key in
      (a.source?[key]?.description ?? "", b.source?[key]?.description ?? "")
    }
    for (x, y) in settings where x != y { return bytes(x, y) }
    return false
  }

  static func precedes(_ a: FieldOverride, _ b: FieldOverride) -> Bool {
    if a.collectionGroup != b.collectionGroup { return bytes(a.collectionGroup, b.collectionGroup) }
    let (ta, tb) = (a.ttl == true, b.ttl == true)
    if ta != tb { return !ta }
    if a.fieldPathText != b.fieldPathText { return bytes(a.fieldPathText, b.fieldPathText) }
    return a.indexes.map(\.description).joined(separator: ",") < b.indexes.map(\.description).joined(separator: ",")
  }

  static func precedes(_ a: FieldOverride.Index, _ b: FieldOverride.Index) -> Bool {
    if a.mode.sortRank != b.mode.sortRank { return a.mode.sortRank < b.mode.sortRank }
    return a.scope < b.scope
  }

  private static func fieldPrecedes(_ x: IndexField, _ y: IndexField) -> Bool {
    let (px, py) = (x.fieldPath.description, y.fieldPath.description)
    if px != py { return bytes(px, py) }
    if x.mode.sortRank != y.mode.sortRank { return x.mode.sortRank < y.mode.sortRank }
    return String(describing: x.mode) < String(describing: y.mode)
  }

  private static func bytes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }
}
