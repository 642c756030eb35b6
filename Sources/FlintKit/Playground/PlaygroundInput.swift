import FirestoreModel
import RulesEngine

/// Reads the inputs of `flint query` given as text: `--auth`, document paths and
/// `--data-json`. Errors name the option and the JSON path.
package enum PlaygroundInput {
  /// `--auth`: `null` for a signed-out user, else `{"uid": "...", "token": {claims}}`
  /// (claims in plain or tagged JSON).
  package static func auth(_ text: String, time: Timestamp? = nil) throws(JSONError) -> Auth? {
    let json = try JSONParser.parse(text, file: "--auth")
    if json.isNull { return nil }
    let object = try json.object(at: .root)
    try object.rejectUnknownKeys(allowed: ["uid", "token"], at: .root)
    let uid = try object.string("uid", at: .root)
    guard !uid.isEmpty else { throw JSONError("uid must not be empty", path: JSONPath.root.appending("uid")) }
    var claims: [String: Value] = [:]
    if let token = try object.optionalObject("token", at: .root) {
      let decoder = TaggedJSONDecoder(requestTime: time)
      for member in token.members {
        claims[member.key] = try decoder.value(member.value, at: JSONPath.root.appending("token").appending(member.key))
      }
    }
    return Auth(uid: uid, claims: claims)
  }

  /// The value a query's `auth` (`request.auth`) reads for a signed-in user.
  package static func authBinding(_ auth: Auth) -> Value {
    .map(["uid": .string(auth.uid), "token": .map(auth.token)])
  }

  /// `--data-json`: a document's fields (plain or tagged JSON object).
  package static func fields(_ text: String, time: Timestamp? = nil) throws(JSONError) -> [String: Value] {
    let json = try JSONParser.parse(text, file: "--data-json")
    return try TaggedJSONDecoder(requestTime: time).fields(json, at: .root)
  }

  /// `--var NAME=VALUE`: VALUE is JSON (plain or tagged), or else taken as a string.
  package static func variable(_ text: String, time: Timestamp? = nil) throws(JSONError) -> (String, Value) {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
      throw JSONError("expected NAME=VALUE, got '\(text)'", path: .root)
    }
    let name = String(text[..<equals])
    let raw = String(text[text.index(after: equals)...])
    guard let json = try? JSONParser.parse(raw, file: "--var \(name)") else { return (name, .string(raw)) }
    return (name, try TaggedJSONDecoder(requestTime: time).value(json, at: .root))
  }

  /// A document path relative to `/databases/<db>/documents`, with or without a leading `/`;
  /// nil when it is not a document path (an even number of non-empty segments).
  package static func documentPath(_ text: String) -> ResourcePath? {
    guard let path = ResourcePath(parsing: text), path.isDocument, !path.segments.contains(where: \.isEmpty) else {
      return nil
    }
    return path
  }
}
