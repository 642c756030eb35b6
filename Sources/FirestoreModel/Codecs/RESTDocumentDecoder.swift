/// Reads documents in the Firestore REST API's JSON form (proto3 JSON of `Document`):
///
/// ```json
/// {"name": "projects/p/databases/(default)/documents/users/alice",
///  "fields": {"age": {"integerValue": "42"}, "tags": {"arrayValue": {"values": [...]}}}}
/// ```
///
/// Accepted shapes: one document, an array of documents, a list response
/// `{"documents": [...], "nextPageToken": "..."}`, and a runQuery response
/// `[{"document": {...}, "readTime": "..."}, {"readTime": "..."}]`.
/// Values follow proto3 JSON: `integerValue` as a string (or an integral number),
/// `doubleValue` as a number or `"NaN"`/`"Infinity"`/`"-Infinity"`, `bytesValue` in
/// either base64 alphabet. Unknown keys are errors, so typos do not pass silently.
package enum RESTDocumentDecoder {
  /// Decodes any accepted shape into documents, in order.
  package static func documents(_ json: JSONValue, at path: JSONPath = .root) throws(JSONError) -> [Document] {
    switch json {
    case .array(let elements):
      var documents: [Document] = []
      for (i, element) in elements.enumerated() {
        let elementPath = path.appending(i)
        let object = try element.object(at: elementPath)
        if object.contains("name") || object.contains("fields") {
          documents.append(try document(element, at: elementPath))
        } else {
          try object.rejectUnknownKeys(
            allowed: ["document", "readTime", "transaction", "skippedResults", "done", "explainMetrics"],
            at: elementPath)
          if let inner = object["document"] {
            documents.append(try document(inner, at: elementPath.appending("document")))
          }
        }
      }
      return documents
    case .object(let object) where object.contains("documents"):
      try object.rejectUnknownKeys(allowed: ["documents", "nextPageToken"], at: path)
      let list = try object.array("documents", at: path)
      var documents: [Document] = []
      for (i, element) in list.enumerated() {
        documents.append(try document(element, at: path.appending("documents").appending(i)))
      }
      return documents
    default:
      return [try document(json, at: path)]
    }
  }

  /// Decodes one REST `Document` object.
  package static func document(_ json: JSONValue, at path: JSONPath) throws(JSONError) -> Document {
    let object = try json.object(at: path)
    try object.rejectUnknownKeys(allowed: ["name", "fields", "createTime", "updateTime"], at: path)
    let name = try object.string("name", at: path)
    let resource = try documentName(name, at: path.appending("name"))
    var fields: [String: Value] = [:]
    if let fieldsObject = try object.optionalObject("fields", at: path) {
      fields = try Self.fields(fieldsObject, at: path.appending("fields"))
    }
    for key in ["createTime", "updateTime"] {
      if let text = try object.optionalString(key, at: path) {
        _ = try TaggedJSONDecoder.timestamp(text, at: path.appending(key))
      }
    }
    return Document(path: resource, fields: fields)
  }

  /// Decodes a REST `fields` object (`{"name": {"stringValue": "x"}}`).
  package static func fields(_ object: JSONObject, at path: JSONPath) throws(JSONError) -> [String: Value] {
    var fields: [String: Value] = [:]
    for member in object.members { fields[member.key] = try value(member.value, at: path.appending(member.key)) }
    return fields
  }

  /// Decodes one REST `Value` object, which must have exactly one `...Value` key.
  package static func value(_ json: JSONValue, at path: JSONPath) throws(JSONError) -> Value {
    let object = try json.object(at: path)
    guard object.count == 1, let member = object.members.first else {
      throw JSONError(
        "a REST value needs exactly one key such as \"stringValue\", found \(object.count)", path: path)
    }
    let inner = path.appending(member.key)
    let payload = member.value
    switch member.key {
    case "nullValue":
      guard payload == .null || payload == .string("NULL_VALUE") else {
        throw JSONError("nullValue must be null or \"NULL_VALUE\"", path: inner)
      }
      return .null
    case "booleanValue": return .boolean(try payload.bool(at: inner))
    case "integerValue":
      switch payload {
      case .int(let i): return .integer(i)
      case .string(let s):
        guard let i = Int64(s) else { throw JSONError("integerValue \"\(s)\" is not a 64-bit integer", path: inner) }
        return .integer(i)
      default: throw payload.mismatch("an integer string", at: inner)
      }
    case "doubleValue":
      switch payload {
      case .int(let i): return .double(Double(i))
      case .double(let d): return .double(d)
      case .string("NaN"): return .double(.nan)
      case .string("Infinity"): return .double(.infinity)
      case .string("-Infinity"): return .double(-.infinity)
      case .string(let s):
        guard let d = Double(s), d.isFinite, s.utf8.allSatisfy({ "0123456789+-.eE".utf8.contains($0) }) else {
          throw JSONError("doubleValue \"\(s)\" is not a number", path: inner)
        }
        return .double(d)
      default: throw payload.mismatch("a number", at: inner)
      }
    case "timestampValue": return .timestamp(try TaggedJSONDecoder.timestamp(try payload.string(at: inner), at: inner))
    case "stringValue": return .string(try payload.string(at: inner))
    case "bytesValue":
      let text = try payload.string(at: inner)
      do {
        return .bytes(try Base64.decodeLenient(text))
      } catch {
        throw JSONError(error.description, path: inner)
      }
    case "referenceValue": return .reference(try documentName(try payload.string(at: inner), at: inner))
    case "geoPointValue":
      let point = try payload.object(at: inner)
      try point.rejectUnknownKeys(allowed: ["latitude", "longitude"], at: inner)
      let latitude = try point.optionalDouble("latitude", at: inner) ?? 0
      let longitude = try point.optionalDouble("longitude", at: inner) ?? 0
      guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
        throw JSONError("geoPointValue (\(latitude), \(longitude)) is out of range", path: inner)
      }
      return .geoPoint(GeoPoint(latitude: latitude, longitude: longitude))
    case "arrayValue":
      let array = try payload.object(at: inner)
      try array.rejectUnknownKeys(allowed: ["values"], at: inner)
      let elements = try array.optionalArray("values", at: inner) ?? []
      var values: [Value] = []
      for (i, element) in elements.enumerated() {
        values.append(try value(element, at: inner.appending("values").appending(i)))
      }
      return .array(values)
    case "mapValue":
      let map = try payload.object(at: inner)
      try map.rejectUnknownKeys(allowed: ["fields"], at: inner)
      let fieldsObject = try map.optionalObject("fields", at: inner) ?? JSONObject()
      return .map(try fields(fieldsObject, at: inner.appending("fields")))
    default:
      throw JSONError(
        "unknown REST value kind \"\(member.key)\" (expected nullValue, booleanValue, integerValue, doubleValue, "
          + "timestampValue, stringValue, bytesValue, referenceValue, geoPointValue, arrayValue or mapValue)",
        path: inner)
    }
  }

  /// Parses `projects/{p}/databases/{d}/documents/{document path}` into the document path.
  package static func documentName(_ name: String, at path: JSONPath) throws(JSONError) -> ResourcePath {
    let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 5, parts[0] == "projects", parts[2] == "databases", parts[4] == "documents",
      !parts[1].isEmpty, !parts[3].isEmpty
    else {
      throw JSONError(
        "\"\(name)\" is not a document name of the form projects/{project}/databases/{database}/documents/{path}",
        path: path)
    }
    let relative = parts[5...].joined(separator: "/")
    return try TaggedJSONDecoder.documentPath(relative, at: path)
  }
}
