/// The two document JSON formats Flint reads.
package enum FixtureFormat: String, Sendable {
  /// Flint's tagged JSON: `{"users/alice": {"age": 30, "at": {"__timestamp__": "..."}}}`.
  case tagged
  /// Firestore REST API documents (`{"name": "projects/...", "fields": {...}}` and lists of them).
  case rest
}

/// Loads seed documents from JSON text in either format, with errors that name the file,
/// line, column and JSON path, and (by default) Firestore's document limits enforced.
package enum FixtureLoader {
  /// Guesses the format: an array, a `{"documents": [...]}` list, or an object whose `name`
  /// is a `projects/...` string is REST; anything else is tagged.
  package static func detectFormat(_ json: JSONValue) -> FixtureFormat {
    switch json {
    case .array: return .rest
    case .object(let object):
      if case .array? = object["documents"] { return .rest }
      if case .string(let name)? = object["name"], name.hasPrefix("projects/") { return .rest }
      return .tagged
    default: return .tagged
    }
  }

  /// Decodes already-parsed JSON into documents (format detected when nil).
  package static func documents(
    from json: JSONValue, format: FixtureFormat? = nil, requestTime: Timestamp? = nil, at path: JSONPath = .root
  ) throws(JSONError) -> [Document] {
    switch format ?? detectFormat(json) {
    case .tagged: return try TaggedJSONDecoder(requestTime: requestTime).documents(json, at: path)
    case .rest: return try RESTDocumentDecoder.documents(json, at: path)
    }
  }

  /// Parses, decodes and checks a fixture file. Errors carry `file:line:col: $.path: message`;
  /// a document breaking a Firestore limit is an error naming the document and field.
  package static func load(
    bytes: [UInt8], file: String? = nil, format: FixtureFormat? = nil, requestTime: Timestamp? = nil,
    checkLimits: Bool = true
  ) throws(JSONError) -> DocumentStore {
    let (json, sourceMap) = try JSONParser.parseWithSourceMap(bytes: bytes, file: file)
    let chosen = format ?? detectFormat(json)
    let documents: [Document]
    do {
      documents = try Self.documents(from: json, format: chosen, requestTime: requestTime)
    } catch {
      throw sourceMap.locate(error)
    }
    if chosen == .rest {
      var seen = Set<ResourcePath>()
      for (i, document) in documents.enumerated() where !seen.insert(document.path).inserted {
        throw sourceMap.locate(JSONError("document \(document.path) appears more than once", path: restPath(json, i)))
      }
    }
    if checkLimits {
      for (i, document) in documents.enumerated() {
        let violations = DocumentLimits.validate(document)
        guard let first = violations.first else { continue }
        let more = violations.count > 1 ? " (and \(violations.count - 1) more)" : ""
        let path = chosen == .tagged ? JSONPath.root.appending(document.path.description) : restPath(json, i)
        let located = sourceMap.locate(JSONError(first.description + more, path: path))
        throw located
      }
    }
    return DocumentStore(documents: documents)
  }

  /// Loads a fixture from text (see `load(bytes:...)`).
  package static func load(
    text: String, file: String? = nil, format: FixtureFormat? = nil, requestTime: Timestamp? = nil,
    checkLimits: Bool = true
  ) throws(JSONError) -> DocumentStore {
    try load(bytes: Array(text.utf8), file: file, format: format, requestTime: requestTime, checkLimits: checkLimits)
  }

  /// The JSON path of the i-th document in a REST-shaped file (best effort, for locating).
  static func restPath(_ json: JSONValue, _ index: Int) -> JSONPath {
    switch json {
    case .array(let elements):
      var count = 0
      for (i, element) in elements.enumerated() {
        let object = element.objectValue
        let isDocument = object?.contains("name") == true || object?.contains("fields") == true
        let holdsDocument = !isDocument && object?.contains("document") == true
        guard isDocument || holdsDocument else { continue }
        if count == index { return isDocument ? .root.appending(i) : JSONPath.root.appending(i).appending("document") }
        count += 1
      }
      return .root
    case .object(let object) where object.contains("documents"):
      return JSONPath.root.appending("documents").appending(index)
    default: return .root
    }
  }
}
