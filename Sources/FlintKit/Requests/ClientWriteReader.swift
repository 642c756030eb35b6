import FirestoreModel

/// Reads the writes of a request (suites, `flint query --data-json`, the REPL): the partial
/// writes `update: {"a.b": value}` and `set: {...}` with `merge: true` or
/// `mergeFields: ["a.b", ...]`, and whole documents, whose values may hold the field
/// transforms `{__increment__: n}`, `{__array_union__: [...]}`, `{__array_remove__: [...]}`,
/// `{__delete__: true}` and `{__server_timestamp__: true}` (the request time).
struct ClientWriteReader {
  static let transformTags: Set<String> = ["__increment__", "__array_union__", "__array_remove__", "__delete__"]

  let decoder: TaggedJSONDecoder

  /// `update`'s changes: dotted field paths to values.
  func update(_ json: JSONValue, at path: JSONPath) throws(JSONError) -> ClientWrite {
    let object = try json.object(at: path)
    guard !object.members.isEmpty else { throw JSONError("an update changes at least one field", path: path) }
    var changes: [(FieldPath, WriteValue)] = []
    for member in object.members {
      let memberPath = path.appending(member.key)
      guard let field = FieldPath(parsing: member.key) else {
        throw JSONError(
          "\"\(member.key)\" is not a field path (a.b.c, with `backticks` around odd names)", path: memberPath)
      }
      changes.append((field, try value(member.value, at: memberPath)))
    }
    return .update(changes)
  }

  /// `set`'s data with its merge option: `merge: true`, `mergeFields: [...]`, or neither.
  func set(_ json: JSONValue, merge: JSONValue?, mergeFields: JSONValue?, at path: JSONPath) throws(JSONError)
    -> ClientWrite
  {
    let data = try document(json, at: path.appending("set"))
    if merge != nil && mergeFields != nil {
      throw JSONError("give merge or mergeFields, not both", path: path.appending("mergeFields"))
    }
    if let merge {
      guard case .bool(let isMerge) = merge else { throw merge.mismatch("true or false", at: path.appending("merge")) }
      if isMerge { return .setMerge(data) }
    }
    if let mergeFields {
      var fields: [FieldPath] = []
      for (index, item) in try mergeFields.array(at: path.appending("mergeFields")).enumerated() {
        let itemPath = path.appending("mergeFields").appending(index)
        guard case .string(let text) = item, let field = FieldPath(parsing: text) else {
          throw item.mismatch("a field path such as \"a.b\"", at: itemPath)
        }
        guard ClientWrite.write(at: field.segments[...], in: data) != nil else {
          throw JSONError("field \(field) is in mergeFields but not in set (the SDK rejects this)", path: itemPath)
        }
        fields.append(field)
      }
      return .setMergeFields(data, fields)
    }
    try rejectDelete(in: data, at: path.appending("set"))
    return .set(data)
  }

  /// The write a request word sends with `json` (`flint query --data-json`, the REPL's object):
  /// `create` and `set` the whole document, `update` the changed fields (dotted paths). Field
  /// transforms are read in all three, as in suites.
  func write(for kind: DocumentRequest.Kind, _ json: JSONValue, at path: JSONPath) throws(JSONError) -> ClientWrite {
    if kind == .update { return try update(json, at: path) }
    let data = try document(json, at: path)
    try rejectDelete(in: data, at: path)
    return .set(data)
  }

  /// A whole document's fields, whose values may hold transforms.
  private func document(_ json: JSONValue, at path: JSONPath) throws(JSONError) -> [String: WriteValue] {
    let object = try json.object(at: path)
    var data: [String: WriteValue] = [:]
    for member in object.members {
      data[member.key] = try value(member.value, at: path.appending(member.key))
    }
    return data
  }

  private func rejectDelete(in data: [String: WriteValue], at path: JSONPath) throws(JSONError) {
    if data.values.contains(where: \.containsDelete) {
      throw JSONError(
        "__delete__ needs merge: true or mergeFields (the SDK rejects FieldValue.delete() in a plain set)", path: path)
    }
  }

  /// A value that may be, or hold, a transform.
  func value(_ json: JSONValue, at path: JSONPath) throws(JSONError) -> WriteValue {
    guard case .object(let object) = json else { return .value(try decoder.value(json, at: path)) }
    if object.count == 1, let key = object.keys.first, Self.transformTags.contains(key) {
      return .transform(try transform(key, object[key]!, at: path.appending(key)))
    }
    if object.count == 1, let key = object.keys.first, FixtureTag.looksLikeTag(key) {
      return .value(try decoder.value(json, at: path))
    }
    var entries: [String: WriteValue] = [:]
    for member in object.members {
      entries[member.key] = try value(member.value, at: path.appending(member.key))
    }
    return .map(entries)
  }

  private func transform(_ tag: String, _ json: JSONValue, at path: JSONPath) throws(JSONError) -> FieldTransform {
    switch tag {
    case "__increment__":
      switch json {
      case .int(let n): return .increment(.integer(n))
      case .double(let d): return .increment(.double(d))
      default: throw json.mismatch("a number", at: path)
      }
    case "__array_union__", "__array_remove__":
      let elements = try json.array(at: path).enumerated().map { (index, element) throws(JSONError) in
        try decoder.value(element, at: path.appending(index))
      }
      return tag == "__array_union__" ? .arrayUnion(elements) : .arrayRemove(elements)
    default:
      guard case .bool(true) = json else { throw json.mismatch("true", at: path) }
      return .delete
    }
  }
}
