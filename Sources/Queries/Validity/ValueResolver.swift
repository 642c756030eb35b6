import FirestoreModel
import RulesLanguage

/// A query argument after variables are substituted and constructor literals decoded,
/// but before the SDK's data checks: what a JavaScript caller would have passed.
indirect enum RawValue: Sendable {
  case value(Value)
  case array([RawValue])
  case map([(String, RawValue)])
  case sentinel(String)
  case undefined
  case snapshot(String)
  /// A variable or expression nothing binds, read where values need not be known (the
  /// context's `placeholdersForUnbound`): its name. Index needs and SDK validity do not depend
  /// on it; a proof or an execution does (`QueryUnknowns`).
  case unknown(String)

  /// The stand-in value of an unknown: a string naming it, such as `<orgId>`.
  static func placeholder(_ name: String) -> Value { .string("<" + name + ">") }

  /// JavaScript `typeof` of the argument (used by S18).
  var jsTypeof: String {
    switch self {
    case .value(.string): "string"
    case .value(.integer), .value(.double): "number"
    case .value(.boolean): "boolean"
    case .undefined: "undefined"
    default: "object"
    }
  }

  /// The SDK's `valueDescription` of the argument (used by S8).
  var jsDescription: String {
    switch self {
    case .undefined: return "undefined"
    case .unknown(let name): return "the unknown value \(name)"
    case .value(.null): return "null"
    case .value(.string(let s)):
      let scalars = Array(s.utf16)
      let short = scalars.count > 20 ? String(decoding: scalars[0..<20], as: UTF16.self) + "..." : s
      return StringQuoting.quoted(short)
    case .value(.integer(let i)): return String(i)
    case .value(.double(let d)): return jsNumber(d)
    case .value(.boolean(let b)): return b ? "true" : "false"
    case .value(.array), .array: return "an array"
    case .value(.timestamp): return "a custom Timestamp object"
    case .value(.geoPoint): return "a custom GeoPoint object"
    case .value(.bytes): return "a custom Bytes object"
    case .value(.reference): return "a custom DocumentReference object"
    case .snapshot: return "a custom DocumentSnapshot object"
    case .value(.map), .map, .sentinel: return "an object"
    }
  }

  var isString: Bool {
    if case .value(.string) = self { return true }
    return false
  }

  /// The elements, when the argument is an array.
  var arrayElements: [RawValue]? {
    switch self {
    case .array(let items): items
    case .value(.array(let items)): items.map { .value($0) }
    default: nil
    }
  }
}

/// Turns written values into `RawValue`s (bindings, literal decoding) and `RawValue`s
/// into `Value`s with the SDK's data checks (`parseQueryValue`).
struct ValueResolver {
  var context: QueryContext

  /// Substitutes variables and decodes `timestamp(..)`, `ref(..)`, `bytes(..)`.
  func raw(_ expr: ValueExpr) throws(QueryError) -> RawValue {
    switch expr.kind {
    case .null: return .value(.null)
    case .bool(let b): return .value(.boolean(b))
    case .integer(let i): return .value(.integer(i))
    case .double(let d): return .value(.double(d))
    case .string(let s): return .value(.string(s))
    case .array(let items):
      var out: [RawValue] = []
      for item in items { out.append(try raw(item)) }
      return .array(out)
    case .map(let entries):
      var out: [(String, RawValue)] = []
      for entry in entries { out.append((entry.key, try raw(entry.value))) }
      return .map(out)
    case .timestamp(let text):
      do {
        return .value(.timestamp(try Timestamp(rfc3339: text)))
      } catch {
        throw .flint(
          "bad-timestamp", "invalid timestamp \(StringQuoting.quoted(text)): \(error.message)", at: expr.range)
      }
    case .reference(let text):
      guard let path = ResourcePath(parsing: text), !text.isEmpty else {
        throw .sdk("bad-path", "Invalid segment (\(text)). Paths must not contain // in them.", at: expr.range)
      }
      guard path.isDocument else {
        throw .sdk(
          "bad-document-path",
          "Invalid document reference. Document references must have an even number of segments, but \(path) has \(path.segments.count).",
          at: expr.range)
      }
      return .value(.reference(path))
    case .geoPoint(let lat, let lng):
      return .value(.geoPoint(GeoPoint(latitude: lat, longitude: lng)))
    case .bytes(let text):
      do {
        return .value(.bytes(try Base64.decode(text)))
      } catch {
        throw .sdk("bad-base64", "Failed to construct data from Base64 string: \(error.message)", at: expr.range)
      }
    case .variable(let segments):
      if let value = context.lookup(segments) { return .value(value) }
      return try unbound(segments.joined(separator: "."), at: expr.range)
    case .expression(let text):
      if let value = context.lookup([text]) { return .value(value) }
      return try unbound(text, at: expr.range)
    case .sentinel(let name): return .sentinel(name)
    case .undefined: return .undefined
    case .snapshot(let path): return .snapshot(path)
    }
  }

  /// A name nothing binds: an unknown value where values need not be known, else an error.
  func unbound(_ name: String, at range: SourceRange) throws(QueryError) -> RawValue {
    if context.placeholdersForUnbound { return .unknown(name) }
    // How to bind it is the front end's to say (`flint query --var`, the Swift API's bindings).
    throw QueryError.unbound(name, at: range)
  }

  /// The SDK's `parseQueryValue`: sentinels, `undefined` and nested arrays are rejected
  /// with `Function <method>() called with invalid data. ...`.
  func parse(_ raw: RawValue, method: String, allowArrays: Bool = false, at range: SourceRange) throws(QueryError)
    -> Value
  {
    try parse(raw, method: method, path: [], inArray: false, allowArrays: allowArrays, range: range)
  }

  private func parse(
    _ raw: RawValue, method: String, path: [String]?, inArray: Bool, allowArrays: Bool, range: SourceRange
  ) throws(QueryError) -> Value {
    func invalid(_ reason: String) -> QueryError {
      var found = ""
      if let path, !path.isEmpty { found = " (found in field \(FieldPath(path)))" }
      return .sdk("invalid-data", "Function \(method)() called with invalid data. \(reason)\(found)", at: range)
    }
    switch raw {
    case .value(.array(let items)):
      if inArray && !allowArrays { throw invalid("Nested arrays are not supported") }
      var out: [Value] = []
      for item in items {
        out.append(
          try parse(.value(item), method: method, path: nil, inArray: true, allowArrays: allowArrays, range: range))
      }
      return .array(out)
    case .value(let value):
      return value
    case .unknown(let name):
      return RawValue.placeholder(name)
    case .array(let items):
      if inArray && !allowArrays { throw invalid("Nested arrays are not supported") }
      var out: [Value] = []
      for item in items {
        out.append(try parse(item, method: method, path: nil, inArray: true, allowArrays: allowArrays, range: range))
      }
      return .array(out)
    case .map(let entries):
      var out: [String: Value] = [:]
      for (key, value) in entries {
        let childPath = (path ?? []) + [key]
        if key.isEmpty {
          var found = ""
          if let path, !path.isEmpty { found = " (found in field \(FieldPath(path)))" }
          throw .sdk(
            "invalid-data", "Function \(method)() called with invalid data. Document fields must not be empty\(found)",
            at: range)
        }
        out[key] = try parse(
          value, method: method, path: childPath, inArray: false, allowArrays: allowArrays, range: range)
      }
      return .map(out)
    case .sentinel(let name):
      throw invalid("\(name)() can only be used with update() and set()")
    case .undefined:
      throw invalid("Unsupported field value: undefined")
    case .snapshot:
      throw .flint(
        "misplaced-snapshot",
        "snapshot(...) stands for a DocumentSnapshot and can only be the single argument of a cursor",
        at: range)
    }
  }
}
