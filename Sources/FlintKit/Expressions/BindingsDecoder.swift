import FirestoreModel
import RulesEngine

/// Turns JSON bindings (`{"request": {...}, "resource": {...}, "x": 1}`) into rules values.
///
/// Plain JSON maps directly: integers stay `int`, numbers with a fraction or exponent are
/// `float`, objects are maps. Tagged fixture values are understood too (`{"__timestamp__":
/// "..."}`, `{"__bytes__": "..."}`, `{"__latlng__": [..]}`, `{"__ref__": "/a/b"}` and
/// `{"__path__": "/databases/..."}`, which become timestamps, bytes, latlngs and paths);
/// an unknown `__tag__` is an error, as in fixtures.
package enum BindingsDecoder {
  /// The bindings of a JSON object, by name.
  package static func bindings(_ json: JSONValue, at path: JSONPath = .root) throws(JSONError) -> [String: RulesValue] {
    let object = try json.object(at: path)
    var result: [String: RulesValue] = [:]
    result.reserveCapacity(object.count)
    for member in object.members {
      result[member.key] = try value(member.value, at: path.appending(member.key))
    }
    return result
  }

  /// One value, plain or tagged.
  package static func value(_ json: JSONValue, at path: JSONPath) throws(JSONError) -> RulesValue {
    switch json {
    case .null: return .null
    case .bool(let b): return .bool(b)
    case .int(let i): return .int(i)
    case .double(let d): return .float(d)
    case .string(let s): return .string(s)
    case .array(let elements):
      var values: [RulesValue] = []
      values.reserveCapacity(elements.count)
      for (index, element) in elements.enumerated() {
        values.append(try value(element, at: path.appending(index)))
      }
      return .list(values)
    case .object(let object):
      if isTagged(object) {
        return rulesValue(try TaggedJSONDecoder().fixtureValue(json, at: path))
      }
      var entries: [String: RulesValue] = [:]
      entries.reserveCapacity(object.count)
      for member in object.members {
        entries[member.key] = try value(member.value, at: path.appending(member.key))
      }
      return .map(entries)
    }
  }

  /// Whether the fixture decoder must look at this object: a lone `__x__` key, or a known
  /// tag next to other keys (which it reports as an error).
  private static func isTagged(_ object: JSONObject) -> Bool {
    if object.count == 1, let key = object.members.first?.key { return FixtureTag.looksLikeTag(key) }
    return object.members.contains { FixtureTag(rawValue: $0.key) != nil }
  }

  /// A decoded fixture value as a rules value (references and `__path__` become paths).
  static func rulesValue(_ fixture: FixtureValue) -> RulesValue {
    switch fixture {
    case .value(let value): RulesValue(firestore: value, database: DatabaseID.default)
    case .path(let segments): .path(RulesPath(segments: segments))
    case .array(let elements): .list(elements.map(rulesValue))
    case .map(let fields): .map(fields.mapValues(rulesValue))
    }
  }
}
