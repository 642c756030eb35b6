import FirestoreModel

/// Renders values in the query DSL's own literal syntax, so printed queries parse back.
public enum ValueText {
  public static func render(_ value: Value) -> String {
    switch value {
    case .null: return "null"
    case .boolean(let b): return b ? "true" : "false"
    case .integer(let i): return String(i)
    case .double(let d):
      if d.isNaN { return "NaN" }
      if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
      let text = "\(d)"
      return text.contains(".") || text.contains("e") ? text : text + ".0"
    case .timestamp(let t): return "timestamp(\(t.seconds)s+\(t.nanos)ns)"
    case .string(let s): return jsonQuoted(s)
    case .bytes(let b): return "bytes(\"\(base64(b))\")"
    case .reference(let p): return "ref(\"/\(p)\")"
    case .geoPoint(let g): return "geopoint(\(render(.double(g.latitude))), \(render(.double(g.longitude))))"
    case .array(let items): return "[" + items.map(render).joined(separator: ", ") + "]"
    case .map(let entries):
      let keys = Value.sortedKeys(entries)
      return "{" + keys.map { "\(jsonQuoted($0)): \(render(entries[$0]!))" }.joined(separator: ", ") + "}"
    }
  }

  static func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    var out = ""
    var i = 0
    while i < bytes.count {
      let b0 = Int(bytes[i])
      let b1 = i + 1 < bytes.count ? Int(bytes[i + 1]) : 0
      let b2 = i + 2 < bytes.count ? Int(bytes[i + 2]) : 0
      out.append(alphabet[b0 >> 2])
      out.append(alphabet[((b0 & 3) << 4) | (b1 >> 4)])
      out.append(i + 1 < bytes.count ? alphabet[((b1 & 15) << 2) | (b2 >> 6)] : "=")
      out.append(i + 2 < bytes.count ? alphabet[b2 & 63] : "=")
      i += 3
    }
    return out
  }
}
