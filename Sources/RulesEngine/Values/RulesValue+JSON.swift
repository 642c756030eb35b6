import FirestoreModel
import RulesLanguage

/// A typed JSON rendering of rules values, for `flint expr` and explanations:
/// `{"int": 1}`, `{"float": 1.5}`, `{"string": "a"}`, `{"list": [{"int": 1}]}`,
/// `{"map": {"k": …}}` (keys sorted), `{"set": […]}`, `{"timestamp": "RFC 3339"}`,
/// `{"duration": {"seconds": s, "nanos": n}}`, `{"latlng": [lat, lng]}`, `{"path": "/a/b"}`,
/// `{"bytes": "base64"}` (standard alphabet), `{"map_diff": {"left": …, "right": …}}`.
/// Non-finite floats are the strings `"NaN"`, `"Infinity"`, `"-Infinity"`.
extension RulesValue {
  /// The typed JSON text, on one line.
  package var typedJSON: String { typedJSONValue.text(.spaced) }

  /// The typed JSON as a `JSONValue` tree, for embedding in larger documents.
  package var typedJSONValue: JSONValue {
    switch self {
    case .null: return tagged("null", .null)
    case .bool(let b): return tagged("bool", .bool(b))
    case .int(let i): return tagged("int", .int(Int(i)))
    case .float(let f): return tagged("float", .double(f))
    case .string(let s): return tagged("string", .string(s))
    case .bytes(let b): return tagged("bytes", .string(Self.standardBase64(b)))
    case .list(let items): return tagged("list", .array(items.map(\.typedJSONValue)))
    case .set(let items): return tagged("set", .array(items.map(\.typedJSONValue)))
    case .map(let entries): return tagged("map", Self.object(entries))
    case .mapDiff(let diff):
      return tagged("map_diff", .object([("left", Self.object(diff.left)), ("right", Self.object(diff.right))]))
    case .path(let p): return tagged("path", .string(p.description))
    case .timestamp(let t): return tagged("timestamp", .string(t.rfc3339))
    case .duration(let d):
      return tagged("duration", .object([("seconds", .int(Int(d.seconds))), ("nanos", .int(Int(d.nanos)))]))
    case .latlng(let g): return tagged("latlng", .array([.double(g.latitude), .double(g.longitude)]))
    }
  }

  private func tagged(_ tag: String, _ value: JSONValue) -> JSONValue {
    .object([(tag, value)])
  }

  private static func object(_ entries: [String: RulesValue]) -> JSONValue {
    .object(MapMethods.sortedKeys(entries).map { ($0, entries[$0]!.typedJSONValue) })
  }

  /// RFC 4648 base64 with the standard alphabet and padding.
  static func standardBase64(_ bytes: [UInt8]) -> String {
    String(BytesMethods.base64URL(bytes).map { $0 == "-" ? "+" : ($0 == "_" ? "/" : $0) })
  }
}
