/// Typed access with path-aware errors, for suite and fixture loaders:
/// `let name = try object.string("name", at: path)` throws
/// `$.cases[3].name: expected a string, found an integer`.
extension JSONValue {
  /// This value as an object, or an error naming `path`.
  package func object(at path: JSONPath) throws(JSONError) -> JSONObject {
    guard case .object(let o) = self else { throw mismatch("an object", at: path) }
    return o
  }

  /// This value as an array, or an error naming `path`.
  package func array(at path: JSONPath) throws(JSONError) -> [JSONValue] {
    guard case .array(let a) = self else { throw mismatch("an array", at: path) }
    return a
  }

  /// This value as a string, or an error naming `path`.
  package func string(at path: JSONPath) throws(JSONError) -> String {
    guard case .string(let s) = self else { throw mismatch("a string", at: path) }
    return s
  }

  /// This value as a boolean, or an error naming `path`.
  package func bool(at path: JSONPath) throws(JSONError) -> Bool {
    guard case .bool(let b) = self else { throw mismatch("a boolean", at: path) }
    return b
  }

  /// This value as an integer (a number written without fraction or exponent).
  package func int(at path: JSONPath) throws(JSONError) -> Int64 {
    guard case .int(let i) = self else { throw mismatch("an integer", at: path) }
    return i
  }

  /// This value as a double; integers are accepted and converted.
  package func double(at path: JSONPath) throws(JSONError) -> Double {
    switch self {
    case .double(let d): return d
    case .int(let i): return Double(i)
    default: throw mismatch("a number", at: path)
    }
  }

  /// The error for a value of the wrong kind: `expected a string, found an integer`.
  package func mismatch(_ expected: String, at path: JSONPath) -> JSONError {
    JSONError("expected \(expected), found \(kindDescription)", path: path)
  }
}

extension JSONObject {
  /// The value for a required key, or `missing required key "name"`.
  package func value(_ key: String, at path: JSONPath) throws(JSONError) -> JSONValue {
    guard let value = self[key] else { throw JSONError("missing required key \"\(key)\"", path: path) }
    return value
  }

  /// A required string member.
  package func string(_ key: String, at path: JSONPath) throws(JSONError) -> String {
    try value(key, at: path).string(at: path.appending(key))
  }

  /// A required integer member.
  package func int(_ key: String, at path: JSONPath) throws(JSONError) -> Int64 {
    try value(key, at: path).int(at: path.appending(key))
  }

  /// A required number member (integers accepted).
  package func double(_ key: String, at path: JSONPath) throws(JSONError) -> Double {
    try value(key, at: path).double(at: path.appending(key))
  }

  /// A required boolean member.
  package func bool(_ key: String, at path: JSONPath) throws(JSONError) -> Bool {
    try value(key, at: path).bool(at: path.appending(key))
  }

  /// A required object member.
  package func object(_ key: String, at path: JSONPath) throws(JSONError) -> JSONObject {
    try value(key, at: path).object(at: path.appending(key))
  }

  /// A required array member.
  package func array(_ key: String, at path: JSONPath) throws(JSONError) -> [JSONValue] {
    try value(key, at: path).array(at: path.appending(key))
  }

  /// An optional string member: nil when absent, an error when present with another kind.
  /// JSON `null` counts as present (and so is an error), to keep fixtures unambiguous.
  package func optionalString(_ key: String, at path: JSONPath) throws(JSONError) -> String? {
    try self[key].map { v throws(JSONError) in try v.string(at: path.appending(key)) }
  }

  /// An optional integer member (see `optionalString` for `null`).
  package func optionalInt(_ key: String, at path: JSONPath) throws(JSONError) -> Int64? {
    try self[key].map { v throws(JSONError) in try v.int(at: path.appending(key)) }
  }

  /// An optional number member (see `optionalString` for `null`).
  package func optionalDouble(_ key: String, at path: JSONPath) throws(JSONError) -> Double? {
    try self[key].map { v throws(JSONError) in try v.double(at: path.appending(key)) }
  }

  /// An optional boolean member (see `optionalString` for `null`).
  package func optionalBool(_ key: String, at path: JSONPath) throws(JSONError) -> Bool? {
    try self[key].map { v throws(JSONError) in try v.bool(at: path.appending(key)) }
  }

  /// An optional object member (see `optionalString` for `null`).
  package func optionalObject(_ key: String, at path: JSONPath) throws(JSONError) -> JSONObject? {
    try self[key].map { v throws(JSONError) in try v.object(at: path.appending(key)) }
  }

  /// An optional array member (see `optionalString` for `null`).
  package func optionalArray(_ key: String, at path: JSONPath) throws(JSONError) -> [JSONValue]? {
    try self[key].map { v throws(JSONError) in try v.array(at: path.appending(key)) }
  }

  /// Rejects keys outside `allowed`, so typos in hand-written files do not pass silently:
  /// `unknown key "reqest" (expected one of: expect, request)`.
  package func rejectUnknownKeys(allowed: Set<String>, at path: JSONPath) throws(JSONError) {
    for key in keys where !allowed.contains(key) {
      let expected = allowed.sorted().joined(separator: ", ")
      throw JSONError("unknown key \"\(key)\" (expected one of: \(expected))", path: path.appending(key))
    }
  }
}
