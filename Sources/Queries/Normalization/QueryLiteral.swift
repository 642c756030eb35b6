import FirestoreModel

/// A value as a literal of the query DSL (`"a"`, `2.0`, `timestamp("...")`, `ref("/a/b")`), so
/// that printed queries parse back. (RulesEngine's `ValueText` writes rules values instead.)
package enum QueryLiteral {
  package static func render(_ value: Value) -> String {
    switch value {
    case .null: return "null"
    case .boolean(let b): return b ? "true" : "false"
    case .integer(let i): return String(i)
    case .double(let d):
      if d.isNaN { return "NaN" }
      if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
      return JSONWriter.number(d)
    case .timestamp(let t): return "timestamp(\"\(t.rfc3339)\")"
    case .string(let s): return StringQuoting.quoted(s)
    case .bytes(let b): return "bytes(\"\(Base64.encode(b))\")"
    case .reference(let p): return "ref(\"/\(p)\")"
    case .geoPoint(let g): return "geopoint(\(render(.double(g.latitude))), \(render(.double(g.longitude))))"
    case .array(let items): return "[" + items.map(render).joined(separator: ", ") + "]"
    case .map(let entries):
      let keys = Value.sortedKeys(entries)
      return "{" + keys.map { "\(StringQuoting.quoted($0)): \(render(entries[$0]!))" }.joined(separator: ", ") + "}"
    }
  }
}
