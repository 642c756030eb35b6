import FirestoreModel

/// The JSON object an API call was sent, with typed reads that refuse with a 400 naming the key.
package struct APIBody: Sendable {
  package var object: JSONObject

  /// Parses a request body: UTF-8 JSON whose top level is an object (an empty body is `{}`).
  package init(bytes: [UInt8]) throws(APIProblem) {
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      object = [:]
      return
    }
    let json: JSONValue
    do {
      json = try JSONParser.parse(bytes: bytes, file: "body")
    } catch {
      throw .badRequest("the body is not JSON: \(error.description)")
    }
    guard let object = json.objectValue else {
      throw .badRequest("the body must be a JSON object, not \(json.kindDescription)")
    }
    self.object = object
  }

  package init(_ object: JSONObject) {
    self.object = object
  }

  /// Refuses keys the call does not take (a typo is an error, not a silent default).
  package func allowOnly(_ keys: Set<String>) throws(APIProblem) {
    do {
      try object.rejectUnknownKeys(allowed: keys, at: .root)
    } catch {
      throw .badRequest(error.description)
    }
  }

  /// A string member; `required`: its absence is an error.
  package func string(_ key: String) throws(APIProblem) -> String {
    guard let value = try optionalString(key) else { throw .badRequest("\"\(key)\" is missing") }
    return value
  }

  package func optionalString(_ key: String) throws(APIProblem) -> String? {
    guard let value = object[key], !value.isNull else { return nil }
    guard let text = value.stringValue else {
      throw .badRequest("\"\(key)\" must be a string, not \(value.kindDescription)")
    }
    return text
  }

  /// A member given as JSON (an object, or null), as the JSON text the FlintKit readers take.
  package func jsonText(_ key: String) -> String? {
    guard let value = object[key] else { return nil }
    return value.text(.spaced)
  }
}
