/// Writes Firestore values and documents as tagged fixture JSON, the inverse of
/// `TaggedJSONDecoder` (used for query results and for writing fixtures).
///
/// Map keys are written in UTF-8 byte order and documents in the order given, so output
/// is deterministic. Finite doubles are plain JSON numbers that always carry `.` or `e`
/// (`1.0`), so they read back as doubles; NaN and infinities use `{"__double__": "NaN"}`.
/// Maps whose only key is itself tag-shaped (a reserved `__x__` name) do not round-trip.
package enum TaggedJSONEncoder {
  /// The tagged JSON of one value.
  package static func encode(_ value: Value) -> JSONValue {
    switch value {
    case .null: return .null
    case .boolean(let b): return .bool(b)
    case .integer(let i): return .int(i)
    case .double(let d):
      if d.isFinite { return .double(d) }
      return tag(.double, .string(d.isNaN ? "NaN" : (d < 0 ? "-Infinity" : "Infinity")))
    case .timestamp(let t): return tag(.timestamp, .string(t.rfc3339))
    case .string(let s): return .string(s)
    case .bytes(let b): return tag(.bytes, .string(Base64.encode(b)))
    case .reference(let path): return tag(.reference, .string("/" + path.description))
    case .geoPoint(let g): return tag(.latLng, .array([.double(g.latitude), .double(g.longitude)]))
    case .array(let elements): return .array(elements.map(encode))
    case .map(let fields): return .object(encode(fields: fields))
    }
  }

  /// The tagged JSON of a value that may hold rules paths.
  package static func encode(_ value: FixtureValue) -> JSONValue {
    switch value {
    case .value(let v): return encode(v)
    case .path(let segments): return tag(.path, .string("/" + segments.joined(separator: "/")))
    case .array(let elements): return .array(elements.map(encode))
    case .map(let fields):
      var object = JSONObject()
      for key in fields.keys.sorted(by: { Value.compareUTF8($0, $1) < 0 }) {
        object.appendUnchecked(JSONMember(key: key, value: encode(fields[key]!)))
      }
      return .object(object)
    }
  }

  /// A field map as a JSON object with keys in UTF-8 byte order.
  package static func encode(fields: [String: Value]) -> JSONObject {
    var object = JSONObject()
    for key in Value.sortedKeys(fields) { object.appendUnchecked(JSONMember(key: key, value: encode(fields[key]!))) }
    return object
  }

  /// Documents as `{"users/alice": {...}, ...}`, in the order given; a repeated path keeps
  /// its first document.
  package static func encode(documents: [Document]) -> JSONValue {
    var object = JSONObject()
    var seen = Set<ResourcePath>()
    for document in documents where seen.insert(document.path).inserted {
      object.appendUnchecked(
        JSONMember(key: document.path.description, value: .object(encode(fields: document.fields))))
    }
    return .object(object)
  }

  static func tag(_ tag: FixtureTag, _ payload: JSONValue) -> JSONValue {
    .object([tag.rawValue: payload])
  }
}
