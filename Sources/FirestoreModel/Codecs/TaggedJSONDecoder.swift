/// Reads Flint's tagged fixture JSON into Firestore values and documents.
///
/// Plain JSON maps directly (`null`, booleans, strings, arrays, objects as maps); a number
/// with a fraction or exponent is a double, any other number an integer. Other types use a
/// one-key tag object (see `FixtureTag`). Any other one-key object whose key looks like
/// `__x__` is an "unknown tag" error, and a tag key next to other keys is an error too.
///
/// Documents: `{"users/alice": {...fields...}, "/users/bob": {...}}`; keys are document
/// paths (even segment count, leading `/` optional).
package struct TaggedJSONDecoder: Sendable {
  /// The time `{"__server_timestamp__": true}` stands for; decoding one without it is an error.
  package var requestTime: Timestamp?

  package init(requestTime: Timestamp? = nil) {
    self.requestTime = requestTime
  }

  /// Decodes a document value; a `__path__` inside is an error (paths are not document values).
  package func value(_ json: JSONValue, at path: JSONPath) throws(JSONError) -> Value {
    guard let value = try fixtureValue(json, at: path).documentValue else {
      throw JSONError("a rules path (__path__) is not allowed in document data", path: firstPath(json, at: path))
    }
    return value
  }

  /// Decodes a value that may hold rules paths (for request bindings and expected results).
  package func fixtureValue(_ json: JSONValue, at path: JSONPath) throws(JSONError) -> FixtureValue {
    switch json {
    case .null: return .value(.null)
    case .bool(let b): return .value(.boolean(b))
    case .int(let i): return .value(.integer(i))
    case .double(let d): return .value(.double(d))
    case .string(let s): return .value(.string(s))
    case .array(let elements):
      var decoded: [FixtureValue] = []
      decoded.reserveCapacity(elements.count)
      for (i, element) in elements.enumerated() { decoded.append(try fixtureValue(element, at: path.appending(i))) }
      return FixtureValue.normalizedArray(decoded)
    case .object(let object):
      if let tagged = try taggedValue(object, at: path) { return tagged }
      var fields: [String: FixtureValue] = [:]
      for member in object.members {
        fields[member.key] = try fixtureValue(member.value, at: path.appending(member.key))
      }
      return FixtureValue.normalizedMap(fields)
    }
  }

  /// Decodes a JSON object of fields into a document's field map.
  package func fields(_ json: JSONValue, at path: JSONPath) throws(JSONError) -> [String: Value] {
    let object = try json.object(at: path)
    if object.count == 1, let key = object.keys.first, FixtureTag.looksLikeTag(key) {
      throw JSONError("document fields must be an object of fields, not a \(key) value", path: path)
    }
    var fields: [String: Value] = [:]
    for member in object.members {
      fields[member.key] = try value(member.value, at: path.appending(member.key))
    }
    return fields
  }

  /// Decodes `{"users/alice": {...}, ...}` into documents, in file order.
  package func documents(_ json: JSONValue, at path: JSONPath = .root) throws(JSONError) -> [Document] {
    let object = try json.object(at: path)
    var documents: [Document] = []
    var seen = Set<ResourcePath>()
    for member in object.members {
      let memberPath = path.appending(member.key)
      let resource = try Self.documentPath(member.key, at: memberPath)
      guard seen.insert(resource).inserted else {
        throw JSONError("document \(resource) appears more than once", path: memberPath)
      }
      documents.append(Document(path: resource, fields: try fields(member.value, at: memberPath)))
    }
    return documents
  }

  /// Parses an RFC 3339 timestamp; the error names the text and the problem.
  package static func timestamp(_ text: String, at path: JSONPath) throws(JSONError) -> Timestamp {
    do {
      return try Timestamp(rfc3339: text)
    } catch {
      throw JSONError("invalid timestamp \"\(text)\": \(error.message)", path: path)
    }
  }

  /// Parses a document path such as `users/alice` or `/users/alice`.
  package static func documentPath(_ text: String, at path: JSONPath) throws(JSONError) -> ResourcePath {
    guard let resource = ResourcePath(parsing: text), !resource.segments.isEmpty else {
      throw JSONError("\"\(text)\" is not a valid document path (empty segment)", path: path)
    }
    guard resource.isDocument else {
      throw JSONError(
        "\"\(text)\" is not a document path: it has \(resource.segments.count) segment"
          + (resource.segments.count == 1 ? "" : "s") + "; a document path has an even number (collection/id)",
        path: path)
    }
    return resource
  }

  // MARK: Tags

  func taggedValue(_ object: JSONObject, at path: JSONPath) throws(JSONError) -> FixtureValue? {
    let tagKeys = object.keys.filter { FixtureTag(rawValue: $0) != nil }
    if object.count > 1 {
      if let key = tagKeys.first {
        throw JSONError("tag \(key) must be the only key of its object", path: path.appending(key))
      }
      return nil
    }
    guard let member = object.members.first, FixtureTag.looksLikeTag(member.key) else { return nil }
    let inner = path.appending(member.key)
    guard let tag = FixtureTag(rawValue: member.key) else {
      let known = FixtureTag.allCases.map(\.rawValue).joined(separator: ", ")
      throw JSONError("unknown tag \(member.key) (known tags: \(known))", path: inner)
    }
    switch tag {
    case .timestamp:
      return .value(.timestamp(try Self.timestamp(try member.value.string(at: inner), at: inner)))
    case .reference:
      return .value(.reference(try Self.documentPath(try member.value.string(at: inner), at: inner)))
    case .path:
      let text = try member.value.string(at: inner)
      guard let parsed = ResourcePath(parsing: text) else {
        throw JSONError("\"\(text)\" is not a valid path (empty segment)", path: inner)
      }
      return .path(parsed.segments)
    case .latLng:
      let pair = try member.value.array(at: inner)
      guard pair.count == 2 else {
        throw JSONError("expected [latitude, longitude], found \(pair.count) numbers", path: inner)
      }
      let latitude = try pair[0].double(at: inner.appending(0))
      let longitude = try pair[1].double(at: inner.appending(1))
      guard (-90...90).contains(latitude) else {
        throw JSONError("latitude \(latitude) is outside -90...90", path: inner.appending(0))
      }
      guard (-180...180).contains(longitude) else {
        throw JSONError("longitude \(longitude) is outside -180...180", path: inner.appending(1))
      }
      return .value(.geoPoint(GeoPoint(latitude: latitude, longitude: longitude)))
    case .bytes:
      let text = try member.value.string(at: inner)
      do {
        return .value(.bytes(try Base64.decode(text)))
      } catch {
        throw JSONError(error.description, path: inner)
      }
    case .serverTimestamp:
      guard case .bool(true) = member.value else {
        throw JSONError("__server_timestamp__ must be true, found \(member.value.kindDescription)", path: inner)
      }
      guard let requestTime else {
        throw JSONError("__server_timestamp__ needs a request time, and none is set here", path: inner)
      }
      return .value(.timestamp(requestTime))
    case .double:
      switch member.value {
      case .int(let i): return .value(.double(Double(i)))
      case .double(let d): return .value(.double(d))
      case .string("NaN"): return .value(.double(.nan))
      case .string("Infinity"): return .value(.double(.infinity))
      case .string("-Infinity"): return .value(.double(-.infinity))
      default: throw JSONError("__double__ must be a number, \"NaN\", \"Infinity\" or \"-Infinity\"", path: inner)
      }
    }
  }

  /// The path of the first `__path__` tag inside a JSON value, for error messages.
  func firstPath(_ json: JSONValue, at path: JSONPath) -> JSONPath {
    switch json {
    case .array(let elements):
      for (i, e) in elements.enumerated() where (try? fixtureValue(e, at: path))?.documentValue == nil {
        return firstPath(e, at: path.appending(i))
      }
    case .object(let object):
      if object.count == 1, object.keys == [FixtureTag.path.rawValue] {
        return path.appending(FixtureTag.path.rawValue)
      }
      for m in object.members where (try? fixtureValue(m.value, at: path))?.documentValue == nil {
        return firstPath(m.value, at: path.appending(m.key))
      }
    default: break
    }
    return path
  }
}
