/// Counts the automatic single-field index entries a document produces, following the
/// documented default indexing ("Automatic indexing"):
///
/// - every non-array, non-map field (at any depth inside maps): 2 entries (ascending and
///   descending);
/// - every array field (at any depth inside maps): 1 array-contains entry per distinct
///   element (under Firestore equality, so `1` and `1.0` count once);
/// - maps themselves add nothing; their subfields are indexed recursively.
///
/// Composite indexes and exemptions are not known at this layer and are not counted, so
/// the count is what a database with default settings stores.
package enum IndexEntryCount {
  /// The number of automatic index entries for a document's fields.
  package static func automatic(_ fields: [String: Value]) -> Int {
    fields.values.reduce(0) { $0 + entries(for: $1) }
  }

  static func entries(for value: Value) -> Int {
    switch value {
    case .map(let fields): return automatic(fields)
    case .array(let elements): return distinctCount(elements)
    default: return 2
    }
  }

  static func distinctCount(_ elements: [Value]) -> Int {
    guard elements.count > 1 else { return elements.count }
    let sorted = elements.sorted(by: Value.sortsBefore)
    var count = 1
    for i in 1..<sorted.count where Value.compare(sorted[i - 1], sorted[i]) != 0 { count += 1 }
    return count
  }
}
