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
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  /// A short noun phrase for error messages: `a string`, `an integer`, ...
  public var kindDescription: String {
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
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The object payload, if this is an object.
  public var objectValue: JSONObject? {
    if case .object(let o) = self { return o }
    return nil
  }

  /// The array payload, if this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// Whether this is JSON `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int64) { self = .int(value) }
  public init(floatLiteral value: Double) { self = .double(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

  /// Builds an object in literal order; a repeated key keeps its last value in the first key's place.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    var object = JSONObject()
    for (key, value) in elements { object[key] = value }
    self = .object(object)
  }
}

extension JSONValue {
  /// An object with these members in this order, for renderers (`JSONObject.init(_:)`).
  public static func object(_ members: [(String, JSONValue)]) -> JSONValue {
    .object(JSONObject(members))
  }

  /// A Swift `Int` as a JSON integer (counts, lines and columns in renderers).
  public static func int(_ value: Int) -> JSONValue {
    JSONValue(integerLiteral: Int64(value))
  }
}

extension JSONValue: CustomStringConvertible {
  /// Compact JSON text (`JSONWriter.Style.compact`).
  public var description: String {
    JSONWriter.text(self)
  }
}
