/// A parsed JSON value that keeps what Flint needs and plain JSON libraries lose:
/// integers and fractional numbers stay distinct, and object keys keep their order.
///
/// A number written with a fraction or an exponent (`1.0`, `1e3`) is a `double`;
/// any other number is an `int`. Values built by `JSONParser` never hold NaN or
/// infinities (JSON cannot spell them); `JSONWriter` writes those as the strings `"NaN"`,
/// `"Infinity"` and `"-Infinity"`.
///
/// It is also the tree every Flint output is built from: renderers write
/// `.object([("key", .int(count))])` (see the builders below) and `JSONWriter` prints it.
package enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  /// A short noun phrase for error messages: `a string`, `an integer`, ...
  package var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .int: "an integer"
    case .double: "a fractional number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The string payload, if this is a string.
  package var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The object payload, if this is an object.
  package var objectValue: JSONObject? {
    if case .object(let o) = self { return o }
    return nil
  }

  /// The array payload, if this is an array.
  package var arrayValue: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// Whether this is JSON `null`.
  package var isNull: Bool {
    if case .null = self { return true }
    return false
  }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  package init(nilLiteral: ()) { self = .null }
  package init(booleanLiteral value: Bool) { self = .bool(value) }
  package init(integerLiteral value: Int64) { self = .int(value) }
  package init(floatLiteral value: Double) { self = .double(value) }
  package init(stringLiteral value: String) { self = .string(value) }
  package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

  /// Builds an object in literal order; a repeated key keeps its last value in the first key's place.
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    var object = JSONObject()
    for (key, value) in elements { object[key] = value }
    self = .object(object)
  }
}

extension JSONValue {
  /// An object with these members in this order, for renderers (`JSONObject.init(_:)`).
  package static func object(_ members: [(String, JSONValue)]) -> JSONValue {
    .object(JSONObject(members))
  }

  /// A Swift `Int` as a JSON integer (counts, lines and columns in renderers).
  package static func int(_ value: Int) -> JSONValue {
    JSONValue(integerLiteral: Int64(value))
  }
}

extension JSONValue: CustomStringConvertible {
  /// Compact JSON text (`JSONWriter.Style.compact`).
  package var description: String {
    JSONWriter.text(self)
  }
}
