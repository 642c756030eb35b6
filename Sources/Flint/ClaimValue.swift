import FirestoreModel

/// A token claim of a signed-in user (`request.auth.token.<name>`), written as a Swift literal:
/// `["admin": true, "groups": ["staff"], "level": 3]`.
public enum ClaimValue: Sendable, Hashable {
  /// A string claim: `"email": "alice@example.com"`.
  case string(String)
  /// A boolean claim: `"admin": true`.
  case bool(Bool)
  /// An integer claim: `"level": 3`.
  case int(Int64)
  /// A floating-point claim.
  case double(Double)
  /// A list claim: `"groups": ["staff", "editors"]`.
  case array([ClaimValue])
  /// A map claim: `"firebase": ["sign_in_provider": "password"]`.
  case map([String: ClaimValue])

  /// The claim as JSON, keys sorted so that requests print the same way every time.
  var json: JSONValue {
    switch self {
    case .string(let value): .string(value)
    case .bool(let value): .bool(value)
    case .int(let value): .int(value)
    case .double(let value): .double(value)
    case .array(let values): .array(values.map(\.json))
    case .map(let members): .object(ClaimValue.object(members))
    }
  }

  static func object(_ members: [String: ClaimValue]) -> JSONObject {
    JSONObject(members: members.sorted { $0.key < $1.key }.map { JSONMember(key: $0.key, value: $0.value.json) })!
  }
}

extension ClaimValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int64) { self = .int(value) }
  public init(floatLiteral value: Double) { self = .double(value) }
  public init(arrayLiteral elements: ClaimValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, ClaimValue)...) {
    self = .map(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
