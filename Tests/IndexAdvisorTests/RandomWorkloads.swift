import FirestoreModel
import FlintTestSupport
import IndexAdvisor

/// Random queries and manifests over a small vocabulary, so that shapes repeat and indexes
/// overlap (merges, shared orders, exemptions).
struct RandomWorkloads {
  var random: SplitMix64

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  static let fields = ["a", "b", "c", "d.e"]
  static let groups = ["posts", "users"]

  mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

  /// Query DSL text (may be invalid; the reader drops those).
  mutating func queryText() -> String {
    let group = pick(Self.groups)
    var text = chance(25) ? "collectionGroup(\"\(group)\")" : "collection(\"\(group)\")"
    var filters: [String] = []
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      let field = pick(Self.fields)
      switch Int.random(in: 0..<10, using: &random) {
      case 0...3: filters.append("where(\"\(field)\", \"==\", 1)")
      case 4: filters.append("where(\"\(field)\", \"in\", [1, 2])")
      case 5, 6: filters.append("where(\"\(field)\", \"\(pick([">", "<", ">=", "<="]))\", 1)")
      case 7: filters.append("where(\"\(field)\", \"!=\", 3)")
      default: filters.append("where(\"tags\", \"array-contains\", 1)")
      }
    }
    if filters.count >= 2, chance(20) {
      text += ".where(or(\(filters.joined(separator: ", "))))"
    } else {
      for filter in filters { text += "." + filter }
    }
    var ordered = false
    for _ in 0..<Int.random(in: 0...2, using: &random) where chance(60) {
      text += ".orderBy(\"\(pick(Self.fields))\"\(chance(40) ? ", \"desc\"" : ""))"
      ordered = true
    }
    if chance(10) { text += ".orderBy(documentId()\(chance(50) ? ", \"desc\"" : ""))" }
    if ordered, chance(15) { text += ".limitToLast(5)" } else if chance(10) { text += ".sum(\"\(pick(Self.fields))\")" }
    return text
  }

  mutating func workload(_ count: Int) -> [WorkloadQuery] {
    var lines: [String] = []
    for _ in 0..<count {
      lines.append(queryText() + (chance(30) ? " @weight \(Int.random(in: 1...50, using: &random))" : ""))
    }
    return WorkloadReader.read(lines.joined(separator: "\n"), file: "w.txt").queries
  }

  /// A manifest text with every field kind, unknown keys and overrides.
  mutating func manifestText(indexes: Int) -> String {
    var entries: [String] = []
    var seen = Set<String>()
    for _ in 0..<indexes {
      var fields: [String] = []
      var used = Set<String>()
      if chance(20) { fields.append(#"{"fieldPath": "tags", "arrayConfig": "CONTAINS"}"#) }
      for _ in 0..<Int.random(in: 2...3, using: &random) {
        let field = pick(Self.fields)
        guard used.insert(field).inserted else { continue }
        fields.append("{\"fieldPath\": \"\(field)\", \"order\": \"\(chance(70) ? "ASCENDING" : "DESCENDING")\"}")
      }
      if chance(15) {
        fields.append("{\"fieldPath\": \"__name__\", \"order\": \"\(chance(50) ? "ASCENDING" : "DESCENDING")\"}")
      }
      if chance(10) { fields.append(#"{"fieldPath": "v", "vectorConfig": {"dimension": 8, "flat": {}}}"#) }
      guard fields.count >= 2 else { continue }
      let scope = chance(20) ? "COLLECTION_GROUP" : "COLLECTION"
      let extra = chance(30) ? #", "x-note": {"kept": [1, "two"]}, "density": "SPARSE_ALL""# : ""
      let entry =
        "{\"collectionGroup\": \"\(pick(Self.groups))\", \"queryScope\": \"\(scope)\"\(extra), \"fields\": [\(fields.joined(separator: ", "))]}"
      // Keep only entries a valid manifest can hold (no one-field index, no duplicate).
      guard seen.insert(entry).inserted,
        (try? ManifestReader.read("{\"indexes\": [\((entries + [entry]).joined(separator: ","))]}")) != nil
      else { continue }
      entries.append(entry)
    }
    var overrides: [String] = []
    var overrideKeys = Set<String>()
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      let group = pick(Self.groups)
      let field = pick(Self.fields + ["*"])
      guard overrideKeys.insert(group + field).inserted else { continue }
      var modes: [String] = []
      if chance(50) { modes.append(#"{"order": "ASCENDING", "queryScope": "COLLECTION"}"#) }
      if chance(50) { modes.append(#"{"order": "DESCENDING", "queryScope": "COLLECTION_GROUP"}"#) }
      if chance(30) { modes.append(#"{"arrayConfig": "CONTAINS", "queryScope": "COLLECTION"}"#) }
      let ttl = chance(30) ? #", "ttl": true"# : ""
      overrides.append(
        "{\"collectionGroup\": \"\(group)\", \"fieldPath\": \"\(field)\"\(ttl), \"indexes\": [\(modes.joined(separator: ", "))]}"
      )
    }
    return
      "{\"indexes\": [\(entries.joined(separator: ",\n"))], \"x-tool\": \"kept\", \"fieldOverrides\": [\(overrides.joined(separator: ",\n"))]}"
  }
}
